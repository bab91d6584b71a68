/** What tests give the local Discord about roles (roles.ts): a member's, and role options. */
export interface MemberRolesInput {
  /** The member's role ids, sent in `member.roles` (default: none). */
  readonly roles?: readonly string[];
}

export interface CommandRolesInput extends MemberRolesInput {
  /** The subcommand group `subcommand` is in (e.g. /budget role set). */
  readonly subcommandGroup?: string;
  /** Role options (name → role id), sent as type 8 with their resolved role. */
  readonly roleOptions?: Readonly<Record<string, string>>;
  /** The member's client language for this interaction (default: theirs, locales.ts, else en-US). */
  readonly locale?: string;
}
