/** Words of the spend namespace (see translator.ts for the conventions). */
export default {} as const;
