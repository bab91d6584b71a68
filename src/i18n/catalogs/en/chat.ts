/** Words of the chat namespace (see translator.ts for the conventions). */
export default {} as const;
