/** Command names (where given), descriptions and choice names: see i18n/commandLocalizations.ts. */
export default {} as const satisfies Readonly<Record<string, string>>;
