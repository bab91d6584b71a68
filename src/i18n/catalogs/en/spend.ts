/** Words of the spend namespace: /usage, /budget, refusals by a cap, alerts, the cost line. */
export default {
  // /usage
  usageManageOnly: 'Only members with the Manage Server permission can see the server’s usage.',
  unknownPeriod: 'Unknown period.',
  periodThisMonth: 'This month',
  periodLastMonth: 'Last month',
  periodToday: 'Today',
  periodLast7Days: 'Last 7 days',
  periodLast30Days: 'Last 30 days',
  periodAllTime: 'All time',
  periodRange: '{{period}} ({{from}} to {{to}}, UTC)',
  datesRange: '{{from}} to {{to}} (UTC)',
  reportHead_one: '**Spend · {{label}}**: {{money}} over {{count, number}} request',
  reportHead_other: '**Spend · {{label}}**: {{money}} over {{count, number}} requests',
  reportEstimated_one: '({{count, number}} with estimated tokens)',
  reportEstimated_other: '({{count, number}} with estimated tokens)',
  requestsShort_one: '{{count, number}} req',
  requestsShort_other: '{{count, number}} req',
  images_one: '{{count, number}} image',
  images_other: '{{count, number}} images',
  tokens: '{{input}} in · {{output}} out tokens',
  byModel: '**By model**',
  modelLine: '`{{model}}`: {{requests}} · {{detail}} · {{money}}',
  topMembers: '**Top members**',
  memberLine: '{{rank}}. <@{{userId}}>: {{money}} ({{requests}})',
  byRole: '**By role** (rules per role; a member with several counts under each)',
  roleLine: '<@&{{roleId}}>: {{money}} ({{requests}})',
  noRoleLine: 'No role with a rule: {{money}} ({{requests}})',
  paidWithServerKey: 'Paid with this server’s own key: {{money}} ({{requests}})',
  budgetLine: 'Budget: {{caps}}',
  budgetMonthly: 'monthly cap {{cap}} ({{percent}} % used this month)',
  budgetDaily: '{{cap}} per member per day',
  chartTitle: 'Daily spend · {{label}}',
  // /usage export
  exportPeriodAndDates: 'Give either a `period` or `from`/`to` dates, not both.',
  exportDateFormat: '`{{name}}` must be a date written YYYY-MM-DD (UTC), such as 2026-11-01; got {{value}}.',
  exportDateNotReal: '`{{name}}`: {{value}} is not a date on the calendar.',
  exportFromAfterTo: '`from` ({{from}}) is after `to` ({{to}}): nothing lies between them.',
  exportFromFuture:
    '`from` ({{from}}) is in the future (today is {{today}}, UTC): there is nothing to export yet.',
  billedRequests_one: '{{count, number}} billed request',
  billedRequests_other: '{{count, number}} billed requests',
  rows_one: '{{count, number}} row',
  rows_other: '{{count, number}} rows',
  exportSummary: '{{requests}} · {{money}} · {{label}}',
  exportSpan: '{{first}} to {{last}} UTC',
  exportNoRows: 'no rows',
  exportOversized_one:
    '-# ⚠️ {{count, number}} request left out: a row too long for a file of this size (id {{ids}}).',
  exportOversized_other:
    '-# ⚠️ {{count, number}} requests left out: a row too long for a file of this size (id {{ids}}).',
  exportRetention:
    '-# Single requests are kept {{days}} days (day totals stay longer): this range reaches further back, so its export can have fewer rows than /usage show counts.',
  exportRestSameDay: '{{command}} (its first rows, up to {{time}} UTC, repeat the end of part {{part}})',
  exportInParts: '**Usage export** · {{label}}, in parts as they are ready.',
  exportPart: 'Part {{part}} · {{rows}} · {{span}}',
  exportDone_one: '✅ Done: {{summary}}, in {{count, number}} file.',
  exportDone_other: '✅ Done: {{summary}}, in {{count, number}} files.',
  exportThroughDay: 'every one from {{from}} through {{last}} (UTC)',
  exportUpToTime: 'from {{from}} up to {{last}} UTC',
  exportCut:
    '⚠️ Stopped at {{parts}} files, the most one export sends: they hold {{requests}} ({{money}}), {{through}}.',
  exportForTheRest: 'For the rest: {{command}}.',
  exportStopped: '⚠️ The export stopped after part {{part}}: {{reason}}.',
  exportStoppedEmpty: '{{head}} The file above has no rows.',
  exportStoppedHeld: '{{head}} The files above hold {{requests}} up to {{last}} UTC.',
  exportInternalError: 'something went wrong inside the bot (error id {{errorId}}, in the log)',
  // /budget
  budgetManageOnly: 'Only members with the Manage Server permission can change the server’s budget.',
  capInvalid: 'A cap must be a number from 0 to {{max}}.',
  setGiveOne: 'Give `monthly`, `daily_per_member`, or both.',
  clearChoose: 'Choose which cap to clear: monthly, daily per member, or both.',
  alertsGiveChannel: 'Give the channel where alerts should go.',
  none: 'none',
  settingsMonthly: 'Monthly cap: {{monthly}}',
  settingsMonthlySpent: '{{cap}} ({{spent}} spent this month)',
  settingsDaily: 'Daily cap per member: {{daily}}',
  settingsAlerts: 'Alerts: {{channel}}',
  settingsNoAlertChannel: 'no channel set',
  // /budget role
  ruleLine:
    '<@&{{roleId}}>: daily {{daily}} · monthly {{monthly}} per member · models {{models}} · /imagine {{imagine}}',
  ruleNoCap: 'no cap',
  ruleServerDefault: 'server default',
  ruleAllModels: 'all the server allows',
  yes: 'yes',
  no: 'no',
  noRules: 'No rules per role: every member has the server’s caps and models.',
  rulesHeading_one:
    'Rules per role ({{count, number}} of at most {{max}}; a member with several gets the most generous of each):',
  rulesHeading_other:
    'Rules per role ({{count, number}} of at most {{max}}; a member with several gets the most generous of each):',
  ruleGiveField: 'Give `daily`, `monthly`, `models` or `imagine` for the role.',
  chooseRole: 'Choose a role.',
  everyoneRole: 'Everyone holds @everyone: set the server’s own caps with /budget set.',
  ruleRemoved: 'The rule for <@&{{roleId}}> is removed.',
  ruleNotThere: '<@&{{roleId}}> had no rule.',
  tooManyRules:
    'This server already has {{max}} role rules, the most it may keep: clear one first (/budget role clear).',
  // Refusals by a cap: with figures for the member alone, without for a channel.
  operatorCapReached:
    'The bot has reached its spending limit for this month; it will answer again on the 1st of next month (UTC).',
  operatorCapNoRoom:
    'The bot is close to its spending limit for this month: this request could cost more than what is left. A shorter question or a cheaper model may still fit; otherwise it answers again on the 1st of next month (UTC).',
  serverCapReached:
    'This server has reached its monthly spending cap for the bot; it resets on the 1st of next month (UTC). A server admin can raise it with /budget.',
  serverCapReachedFigures:
    'This server has reached its monthly spending cap for the bot ({{spent}} of {{cap}} used).',
  serverCapReachedPending:
    'This server has reached its monthly spending cap for the bot ({{spent}} of {{cap}} used, {{pending}} in progress).',
  dmCapReached: "You have reached today's limit for direct messages with the bot; it resets at 00:00 UTC.",
  dmCapReachedFigures:
    "You have reached today's limit for direct messages with the bot ({{spent}} of {{cap}} used); it resets at 00:00 UTC.",
  userInstallCapInServer:
    "You have reached today's limit for using the bot in this server, where it works only because you installed it ({{spent}} of {{cap}} used); it resets at 00:00 UTC.",
  userInstallCapOutside:
    "You have reached today's limit for using the bot outside servers that added it (its DMs, group DMs and DMs with friends) ({{spent}} of {{cap}} used); it resets at 00:00 UTC.",
  memberDailyCapReached: 'You have reached your daily spending limit on this server. It resets at 00:00 UTC.',
  memberDailyCapFigures:
    'You have reached your daily spending limit on this server ({{spent}} of {{cap}} today). It resets at 00:00 UTC.',
  memberMonthlyCapReached:
    'You have reached your monthly spending limit on this server. It resets on the 1st of next month (UTC).',
  memberMonthlyCapFigures:
    'You have reached your monthly spending limit on this server ({{spent}} of {{cap}} this month). It resets on the 1st of next month (UTC).',
  serverCapNoRoomFigures:
    "This request could cost more than the {{left}} left of this server's monthly spending cap for the bot ({{spent}} of {{cap}} used).",
  serverCapNoRoomPending:
    "This request could cost more than the {{left}} left of this server's monthly spending cap for the bot ({{spent}} of {{cap}} used, {{pending}} in progress).",
  serverCapNoRoom:
    "This request could cost more than what is left of this server's monthly spending cap for the bot. A server admin can raise it with /budget.",
  dmCapNoRoomFigures:
    "This request could cost more than the {{left}} left of today's limit for direct messages with the bot ({{spent}} of {{cap}} used); it resets at 00:00 UTC.",
  dmCapNoRoom:
    "This request could cost more than what is left of today's limit for direct messages with the bot; it resets at 00:00 UTC.",
  userInstallNoRoomInServer:
    "This request could cost more than the {{left}} left of today's limit for using the bot in this server, where it works only because you installed it ({{spent}} of {{cap}} used); it resets at 00:00 UTC.",
  userInstallNoRoomOutside:
    "This request could cost more than the {{left}} left of today's limit for using the bot outside servers that added it (its DMs, group DMs and DMs with friends) ({{spent}} of {{cap}} used); it resets at 00:00 UTC.",
  memberDailyNoRoom:
    'This request could cost more than what is left of your daily spending limit on this server. It resets at 00:00 UTC.',
  memberDailyNoRoomFigures:
    'This request could cost more than the {{left}} left of your daily spending limit on this server ({{spent}} of {{cap}} today). It resets at 00:00 UTC.',
  memberMonthlyNoRoom:
    'This request could cost more than what is left of your monthly spending limit on this server. It resets on the 1st of next month (UTC).',
  memberMonthlyNoRoomFigures:
    'This request could cost more than the {{left}} left of your monthly spending limit on this server ({{spent}} of {{cap}} this month). It resets on the 1st of next month (UTC).',
  raiseServerMonthly: 'An admin (Manage Server) can raise it with /budget set monthly.',
  raiseMemberDaily:
    'An admin (Manage Server) can raise it with /budget set daily_per_member, or for a role with /budget role set daily.',
  raiseMemberMonthly: 'An admin (Manage Server) can raise it with /budget role set monthly.',
  // Paid plans (PLANS_FILE): refusals, and /usage show
  planSpentFigures:
    "This server's plan allowance for this month is used up ({{spent}} of {{allowance}}), and it has no purchased credit left.",
  planNoRoomFigures:
    "This request could cost more than the {{left}} left of this server's plan allowance and credit this month ({{spent}} of {{allowance}} used, credit {{credit}}).",
  planSpent:
    'This server has used its plan allowance for this month; it renews on the 1st of next month (UTC).',
  planNoRoom: "This request could cost more than what is left of this server's plan allowance this month.",
  planAddMore:
    "A server admin can subscribe the server or buy credit in the app's store; a member subscription covers your own questions.",
  planLine:
    "Plan: {{plan}}; {{left}} of this month's {{allowance}} allowance left; credit balance {{credit}}.",
  planFree: 'free allowance',
  planSubscribed: 'server subscription ({{count}})',
  planCredits: 'Credit packs: {{count}}, {{money}} in all; the latest on {{day}}.',
  // Channel messages
  alertReached:
    "📈 This server's spend on the bot this month reached {{percent}} % of its cap: {{spent}} of {{cap}}.",
  alertRefusing: 'New requests are refused until the cap is raised (/budget) or the month ends.',
  costImage: '💰 {{money}}',
  costChat: '💰 {{money}} · {{tokens}}',
  costChatEstimated: '💰 {{money}} · {{tokens}} (estimated)',
} as const;
