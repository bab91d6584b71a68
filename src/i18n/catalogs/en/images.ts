/** Words of the images namespace (see translator.ts for the conventions). */
export default {} as const;
