/** Words of the config namespace (see translator.ts for the conventions). */
export default {
  // /config
  manageServerOnly: 'Only members with the Manage Server permission can change the bot’s settings.',
  saved: '✅ Saved.',
  chooseChannelAction: 'Choose allow, remove or everywhere.',
  giveChannelToAllow: 'Give the channel to allow.',
  giveChannelToRemove: 'Give the channel to remove.',
  unknownSetting: 'Unknown setting.',
  clearRateLimitServerWide: 'rate_limit is server-wide: clear it without a channel.',
  setRateLimitServerWide: 'rate_limit is server-wide: set it without a channel.',
  giveAFeature:
    'Give at least one of cost_line, context_line, answer_mentions, fallback, answer_in_language, classic_layout.',
  giveASetting: 'Give at least one setting to change.',
  modelNotAmongAllowed: '{{model}} is not among the allowed models (/config models).',
  // /config show
  sourceOption: 'command option',
  sourceChannel: 'channel',
  sourceGuild: 'server',
  sourceDefault: 'bot default',
  showHeader:
    '**In {{channel}}** (a command option beats the channel, which beats the server, which beats the bot default):',
  showModel: '• Model: {{model}} ({{source}})',
  showTemperature: '• Temperature: {{temperature}} ({{source}})',
  serviceDefault: 'the service’s default',
  showMaxTokens: '• Max tokens per reply: {{maxTokens}} ({{source}})',
  showHistory_one: '• History budget: {{count, number}} token ({{source}})',
  showHistory_other: '• History budget: {{count, number}} tokens ({{source}})',
  showSystemPrompt_one: '• System prompt: set, {{count, number}} character (/system show)',
  showSystemPrompt_other: '• System prompt: set, {{count, number}} characters (/system show)',
  showNoSystemPrompt: '• System prompt: none',
  showServerWide: '**Server-wide:**',
  showAllowedModels: '• Allowed models: {{models}}',
  allModels: 'all',
  none: 'none',
  showChannels: '• Channels: {{channels}}',
  everywhere: 'everywhere the bot can see',
  showMentions: '• Answers mentions and replies: {{state}}',
  yes: 'yes',
  no: 'no',
  showUnderReplies: '• Under replies: cost {{cost}}, context {{context}}',
  shown: 'shown',
  hidden: 'hidden',
  showFallback: "• Fallback to a cheaper model when a member's cap refuses: {{state}}",
  showAnswerInLanguage: '• Answers in the language of the member who asks: {{state}}',
  showClassicLayout: "• Answers in Discord's classic layout (plain text) instead of cards: {{state}}",
  on: 'on',
  off: 'off',
  showRateLimit_one: '• Rate limit: {{count, number}} request per member per minute',
  showRateLimit_other: '• Rate limit: {{count, number}} requests per member per minute',
  showRateLimitDefault_one: '• Rate limit: {{count, number}} request per member per minute (bot default)',
  showRateLimitDefault_other: '• Rate limit: {{count, number}} requests per member per minute (bot default)',
  // /system
  manageChannelsHere:
    'Only members with the Manage Channels permission in this channel can change its system prompt.',
  manageChannelsIn:
    'Only members with the Manage Channels permission in {{channel}} can change its system prompt.',
  systemFormExpired: 'This form has expired (a /system form works for an hour). Use /system set again.',
  systemFormNeedsManageChannels:
    'This form needs the Manage Channels permission in the channel you submit it from, which you do not have now. Use /system set in {{channel}} itself.',
  systemFormTitle: 'Set the system prompt',
  systemFormLabel: 'Instructions',
  systemFormDescription_one:
    'Sent before every conversation in the channel. Up to {{count, number}} character.',
  systemFormDescription_other:
    'Sent before every conversation in the channel. Up to {{count, number}} characters.',
  systemPromptSet_one: 'System prompt of {{channel}} set ({{count, number}} character):',
  systemPromptSet_other: 'System prompt of {{channel}} set ({{count, number}} characters):',
  systemPromptCleared: '{{channel}} has no system prompt of its own now.',
  systemPromptShown: 'System prompt of {{channel}}:',
  noSystemPrompt: '{{channel}} has no system prompt of its own.',
  // /reset
  manageMessagesToReset:
    'Only members with the Manage Messages permission in this channel can reset its conversation.',
  resetDone:
    '🧹 {{name}} reset this channel’s conversation: the bot has forgotten it, and the next message starts a new one.',
  // Refusals by the settings (src/settings/resolve.ts)
  whereOption: 'your command option',
  whereChannel: 'this channel’s setting',
  whereGuild: 'this server’s setting',
  whereDefault: 'the bot’s default',
  whereRegenerated: 'the options of the reply being regenerated',
  modelNotAllowed:
    'The model {{model}} (from {{where}}) is not allowed on this server: the server’s allowed models setting (/config models) permits {{allowed}}.',
  maxTokensAtMost: 'max_tokens can be at most {{max}} here ({{where}}).',
  maxTokensAtMostConfig: 'max_tokens can be at most {{max}} here ({{where}}, /config).',
  listModels: 'List one or more models, or "all": {{models}}.',
  unknownModels: 'Unknown model {{unknown}}. Choose from: {{models}}.',
  // Request options (src/settings/requestOptions.ts)
  unknownModel: 'Unknown model. Choose one of: {{models}}.',
  temperatureRule: 'temperature must be a number from {{min}} to {{max}}.',
  wholeNumberRule: '{{name}} must be a whole number from {{min}} to {{max}}.',
  wholeNumberRuleOperator:
    '{{name}} must be a whole number from {{min}} to {{max}} (the bot operator’s limit).',
  optionsInvalid: 'These options are not valid.',
  // Rules per role (src/access/roleGate.ts)
  modelNotForRoles:
    'The model {{model}} is not allowed for your roles on this server: their rule (/budget role) permits {{allowed}}.',
  imagineNotForRoles: 'Your roles on this server do not allow /imagine (their rule, /budget role).',
  // A server's own service key (/config service-key)
  serviceKeyNeedsEncryption:
    'Servers cannot keep their own service key here: the bot’s operator has not set DATA_ENCRYPTION_KEY, which seals such keys in the store. Ask the operator to set it.',
  serviceKeyFormTitle: 'This server’s service key',
  serviceKeyFormLabel: 'Service API key',
  serviceKeyFormDescription: 'Kept sealed and never shown again; this server’s requests will use it.',
  serviceKeySaved:
    '✅ Saved the key ending in …{{last4}}. This server’s requests now use it, and are not charged to the bot’s operator.',
  serviceKeyShown: 'This server uses its own service key, ending in …{{last4}}, set by {{user}} {{when}}.',
  serviceKeyNone: 'This server has no service key of its own: its requests use the bot operator’s key.',
  serviceKeyCleared:
    '✅ Removed this server’s key (ending in …{{last4}}): its requests use the bot operator’s key again.',
  serviceKeyRefusedAlert:
    '⚠️ The service refused this server’s own service key (ending in …{{last4}}, HTTP {{status}}): requests that use it fail until an admin replaces it (/config service-key set) or removes it (/config service-key clear).',
  serviceKeyInvalid:
    'That is not a service key: it must be 1 to 400 characters, with no spaces or line breaks. Nothing was saved.',
} as const;
