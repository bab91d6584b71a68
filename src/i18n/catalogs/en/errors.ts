/** Words of the errors namespace (see translator.ts for the conventions). */
export default {} as const;
