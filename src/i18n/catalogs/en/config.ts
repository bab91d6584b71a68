/** Words of the config namespace (see translator.ts for the conventions). */
export default {} as const;
