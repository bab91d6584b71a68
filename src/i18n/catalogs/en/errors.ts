/** Words of the errors namespace (see translator.ts for the conventions). */
export default {
  // Service failures (service/errors.ts, failures.ts): what a member can act on.
  serviceSaid: 'The service said: “{{detail}}”',
  serviceAuth:
    "The service rejected this bot's API key (HTTP {{status}}). A bot admin must fix the key; nothing was charged.",
  serviceOwnKeyRefused:
    "The service refused this server's own service key (HTTP {{status}}); nothing was charged. An admin can check it with /config service-key show.",
  serviceQuota:
    "The service says this bot's account has run out of quota.{{said}} A bot admin must top it up.",
  serviceBusy: 'The service is busy right now (rate limited). Please try again in a moment.',
  serviceBusyWait: 'The service is busy right now (rate limited). Please try again in {{wait}}.',
  serviceUnavailable: 'The service is unavailable right now (HTTP {{status}}). Please try again in a moment.',
  serviceRefused: 'The service refused the request (HTTP {{status}}).{{said}}',
  serviceCancelled: 'The request was cancelled.',
  serviceNoStart: 'The service did not start answering within {{wait}}. Please try again.',
  serviceUnreachable: 'The bot could not reach the service ({{reason}}). Please try again in a moment.',
  connectTimedOut: 'connection timed out',
  serviceFailedEarly: 'The request to the service failed before it was answered. Please try again.',
  replyCut: 'The reply was cut short.',
  noReply: 'No reply arrived.',
  replyTooLong: 'The reply took longer than {{wait}}, so the bot stopped it.',
  answerTooLarge: 'The service sent an answer larger than {{size}}, which the bot does not read.',
  eventTooLarge: 'The service sent more than {{size}} in a single stream event, so the bot stopped reading.',
  serviceSilent: 'The service sent nothing for {{wait}}, so the bot stopped waiting.',
  connectionDropped: 'The connection to the service dropped mid-reply.',
  serviceReported: 'The service reported an error: “{{message}}”.',
  serviceReportedMidReply: 'The service reported an error mid-reply: “{{message}}”.',
  unreadableReply: 'The service sent a reply the bot cannot read.',
  unreadableImages: 'The service answered, but without images the bot can read.',
  characters_one: '{{count, number}} character',
  characters_other: '{{count, number}} characters',
  // The error boundary (discord/errorBoundary.ts).
  storeUnavailable:
    '⚠️ The bot’s storage is unavailable right now; nothing was charged. Please try again in a minute.',
  discordRefused: "⚠️ Discord refused the bot's request (error {{code}}: {{message}}).",
  discordBusy: '⚠️ Discord did not accept the bot’s request right now. Please try again in a moment.',
  internal:
    '⚠️ Something went wrong inside the bot (error id {{errorId}}). The operator can find it in the log.',
  discordSaid: 'Discord said: {{message}}',
  discordFailed: 'Discord failed',
  // Interactions this version cannot handle, and shutting down.
  restartingNow: '⏳ The bot is restarting. Please try again in a minute.',
  formGone: 'This form no longer works (it may be from an older version of the bot). Use the command again.',
  commandGone:
    'This command is not available (it may have been removed in an update). Type / to see the current ones.',
  buttonGone: 'This button no longer works (it may be from an older version of the bot).',
  buttonUnsupported: 'This button is no longer supported.',
  // Admission (access/admission.ts, fairUse.ts).
  userInstallOff:
    'The bot works here only where a server added it: its operator turned off using it as an app installed to your account.',
  dmsOff:
    'This bot works in servers only: direct messages with it are turned off. Ask it in a server you share with it.',
  channelNotAllowed:
    'The bot is not enabled in this channel: this server’s allowed channels setting (/config channels) leaves it out.',
  chatBusy:
    'You already have a request running in this channel. Wait for it to finish (or press its Stop button), then ask again.',
  imagesBusy: 'You already have images being generated in this channel. Wait for them, then try again.',
  tooFastServer:
    'You are sending requests too fast: this server allows {{perMinute}} per minute per member. Try again in {{wait}}.',
  tooFastBot:
    'You are sending requests too fast: the bot allows {{perMinute}} per minute per member. Try again in {{wait}}.',
  refusedPublicly: '⛔ This request was refused. Ask again to be told why (only you will see it).',
} as const;
