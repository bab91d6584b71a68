/** Words of the web dashboard (src/dashboard/), chosen by the browser's Accept-Language. */
export default {
  // Every page
  product: 'Bot dashboard',
  signedInAs: 'Signed in as {{name}}',
  logOut: 'Log out',
  // Refusals of a whole page
  forbiddenServer: 'You do not manage this server with the bot (Manage Server, and the bot in it).',
  staleForm:
    'This form could not be checked: it was opened before your latest login, or from another site. Open the page again and send it from there.',
  tooManyLogins: 'Too many login attempts from here: wait a minute, then try again.',
  backToServers: 'Back to your servers',
  // The login page and the server list
  loginTitle: 'Bot dashboard: log in',
  loginLead: 'Manage the bot’s spend on your servers.',
  loginLink: 'Log in with Discord',
  loginState: 'The login could not be checked (state); try again.',
  loginNotAuthorized: 'Discord did not authorize the login.',
  loginRefused: 'Discord refused the login; try again.',
  yourServers: 'Your servers',
  noServers:
    'No server to manage: the dashboard lists the servers the bot is in where you have Manage Server.',
  // A server's spend
  rangeForm: 'From {{from}} to {{to}}',
  show: 'Show',
  total_one: 'Spent {{money}} in {{count, number}} request from {{from}} to {{to}}.',
  total_other: 'Spent {{money}} in {{count, number}} requests from {{from}} to {{to}}.',
  downloadCsv: 'Download CSV',
  chartTitle: 'Daily spend, {{from}} to {{to}}',
  byModel: 'By model',
  byMember: 'By member',
  byChannel: 'By channel',
  byRole: 'By role',
  model: 'Model',
  member: 'Member',
  channel: 'Channel',
  role: 'Role',
  requests: 'Requests',
  cost: 'Cost',
  nothingInRange: 'Nothing in this range',
  byRoleNote:
    'Roles with a rule per role, as /usage show: a request counts under each such role its member held, so the rows can add up to more than the total.',
  noRoleWithRule: 'No role with a rule',
  datesFormat: 'Dates are written YYYY-MM-DD.',
  rangeBackwards: 'The range starts after it ends (or in the future).',
  rangeTooLong: 'At most ten years at once.',
  // Budgets
  budgets: 'Budgets',
  monthNoCap: 'This month: {{spent}}, no monthly cap.',
  monthOfCap: 'This month: {{spent}} of {{cap}}.',
  capBelowSpend:
    'This cap is below the {{spent}} already spent this month: requests will be refused until the 1st.',
  monthlyCapLabel: 'Monthly cap for the server ({{currency}}, empty: none)',
  dailyCapLabel: 'Daily cap per member ({{currency}}, empty: none)',
  save: 'Save',
  appliesNext: 'Changes apply to the next request.',
  saved: 'Saved: it applies to the next request.',
  sentNotConfirmed:
    'Sent: the process running this server has not confirmed it yet. It applies the change as soon as it runs (within seconds); reload to check.',
  capsInvalid: 'Caps are amounts such as 5 or 0.25, or empty for none.',
  // Requests in progress
  inProgress: 'Requests in progress',
  inProgressUnknown:
    'The process running this server did not answer in time, so the requests in progress cannot be shown now.',
  inProgressAsOf: 'Requests holding a slot now, as of {{time}}.',
  refresh: 'Refresh',
  kind: 'Kind',
  started: 'Started',
  chat: 'chat',
  ago: '{{time}} ago',
  noneNow: 'None right now',
  // Features and channels (/config)
  features: 'Features and channels',
  featureCost: 'Show what each reply cost',
  featureContext: 'Show how full the conversation memory is',
  featureMentions: 'Answer messages that mention or reply to the bot (and DMs are unaffected)',
  featureFallback: 'When a member’s cap refuses a model, answer with the cheapest allowed one that fits',
  featureLanguage: 'Answer in the language of the member who asks (their Discord language)',
  featureClassicLayout: "Answer in Discord's classic layout (plain text messages) instead of cards",
  where: 'Where the bot answers',
  everywhere: 'Everywhere it can see',
  listedOnly: 'Only in the channels ticked (threads follow their parent channel):',
  channelGone: 'a channel the bot no longer sees',
  channelsUnknown:
    'This process does not see the server’s channels: choose “everywhere”, or use /config channels in Discord.',
  configNote:
    'The same settings as /config features and /config channels; changes apply to the next request.',
  notACheckbox: '{{field}} is a checkbox: “on” or absent.',
  chooseWhere: 'Choose everywhere or listed channels.',
  tooManyChannels: 'At most {{max}} channels.',
  unknownChannel: 'Unknown channel: tick channels of this server.',
  // Rules per role
  roleRules: 'Rules per role',
  dailyPerMember: 'Daily cap per member',
  monthlyPerMember: 'Monthly cap per member',
  models: 'Models',
  serverDefault: 'server default',
  none: 'none',
  allAllowed: 'all allowed',
  yes: 'yes',
  no: 'no',
  clear: 'Clear',
  noRule: 'No rule: every member has the server’s defaults',
  dailyRuleLabel: 'Daily cap per member (empty: the server’s)',
  monthlyRuleLabel: 'Monthly cap per member (empty: none)',
  modelsLabel: 'Models (none ticked: all the server allows)',
  mayImagine: 'may use /imagine',
  saveRule: 'Save rule',
  mostGenerous: 'A member with several roles gets the most generous value of each field.',
  rolesUnknown:
    'This process does not see the server’s roles: set rules with /budget role in Discord, or reload in a moment.',
  roleInvalid: 'A role, and caps such as 5 or 0.25 (empty: default).',
  notARoleId: 'Not a role id.',
  notARole: 'Not a role of this server: choose one of the server’s roles.',
  everyoneRole:
    'Everyone holds @everyone: set the server’s own caps under Budgets instead, or choose another role.',
  // The server's own service key (/config service-key)
  serviceKey: 'Service key',
  keyNeedsEncryption:
    'Servers cannot keep their own service key here: the bot’s operator has not set DATA_ENCRYPTION_KEY, which seals such keys in the store. Ask the operator to set it.',
  keyNone: 'This server has no service key of its own: its requests use the bot operator’s key.',
  keySet:
    'This server uses its own service key, ending in …{{last4}}, set by {{user}} on {{day}} at {{time}} UTC.',
  keyLabel: 'New key (replaces the current one)',
  saveKey: 'Save key',
  clearKey: 'Remove the key',
  keyNote:
    'The same as /config service-key: the key is kept sealed and never shown again, only its last four characters. This server’s requests use it and are not charged to the bot’s operator.',
  keyInvalid:
    'That is not a service key: it must be 1 to 400 characters, with no spaces or line breaks. Nothing was saved.',
  keyUnopened:
    'The process running this server could not open the key (the bot’s processes do not share one DATA_ENCRYPTION_KEY). Nothing was saved.',
  // Paid plans (PLANS_FILE) and who paid this month
  planAndPayers: 'Plan and who paid',
  planLine:
    'Plan: {{plan}}; {{left}} of this month’s {{allowance}} allowance left; credit balance {{credit}}.',
  planFree: 'free allowance',
  planSubscribed_one: 'server subscription',
  planSubscribed_other: '{{count, number}} server subscriptions',
  creditPacks: 'Credit packs',
  noPacks: 'No credit pack bought.',
  packCredited: 'Credited on',
  packAmount: 'Amount',
  packRefunded: 'refunded',
  whoPaid_one:
    'This month: {{operator}} paid by the bot’s operator, {{serverKey}} with this server’s own key ({{count, number}} request).',
  whoPaid_other:
    'This month: {{operator}} paid by the bot’s operator, {{serverKey}} with this server’s own key ({{count, number}} requests).',
};
