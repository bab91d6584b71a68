export default {
  // /config
  manageServerOnly:
    'Seuls les membres ayant la permission Gérer le serveur peuvent modifier les réglages du bot.',
  saved: '✅ Enregistré.',
  chooseChannelAction: 'Choisis autoriser, retirer ou partout.',
  giveChannelToAllow: 'Indique le salon à autoriser.',
  giveChannelToRemove: 'Indique le salon à retirer.',
  unknownSetting: 'Réglage inconnu.',
  clearRateLimitServerWide: 'rate_limit vaut pour tout le serveur : efface-le sans salon.',
  setRateLimitServerWide: 'rate_limit vaut pour tout le serveur : règle-le sans salon.',
  giveAFeature:
    'Indique au moins une de ces options : cost_line, context_line, answer_mentions, fallback, answer_in_language, classic_layout.',
  giveASetting: 'Indique au moins un réglage à modifier.',
  modelNotAmongAllowed: '{{model}} ne fait pas partie des modèles autorisés (/config models).',
  // /config show
  sourceOption: 'option de commande',
  sourceChannel: 'salon',
  sourceGuild: 'serveur',
  sourceDefault: 'valeur par défaut du bot',
  showHeader:
    '**Dans {{channel}}** (une option de commande l’emporte sur le salon, qui l’emporte sur le serveur, qui l’emporte sur la valeur par défaut du bot) :',
  showModel: '• Modèle : {{model}} ({{source}})',
  showTemperature: '• Température : {{temperature}} ({{source}})',
  serviceDefault: 'la valeur par défaut du service',
  showMaxTokens: '• Tokens maximum par réponse : {{maxTokens}} ({{source}})',
  showHistory_one: '• Budget d’historique : {{count, number}} token ({{source}})',
  showHistory_many: '• Budget d’historique : {{count, number}} de tokens ({{source}})',
  showHistory_other: '• Budget d’historique : {{count, number}} tokens ({{source}})',
  showSystemPrompt_one: '• Prompt système : défini, {{count, number}} caractère (/system show)',
  showSystemPrompt_many: '• Prompt système : défini, {{count, number}} de caractères (/system show)',
  showSystemPrompt_other: '• Prompt système : défini, {{count, number}} caractères (/system show)',
  showNoSystemPrompt: '• Prompt système : aucun',
  showServerWide: '**Pour tout le serveur :**',
  showAllowedModels: '• Modèles autorisés : {{models}}',
  allModels: 'tous',
  none: 'aucun',
  showChannels: '• Salons : {{channels}}',
  everywhere: 'partout où le bot a accès',
  showMentions: '• Répond aux mentions et aux réponses : {{state}}',
  yes: 'oui',
  no: 'non',
  showUnderReplies: '• Sous les réponses : coût {{cost}}, contexte {{context}}',
  shown: 'affiché',
  hidden: 'masqué',
  showFallback: '• Repli sur un modèle moins cher quand le plafond d’un membre refuse : {{state}}',
  showAnswerInLanguage: '• Répond dans la langue du membre qui demande : {{state}}',
  showClassicLayout:
    '• Répond dans la mise en page classique de Discord (texte simple) au lieu de cartes : {{state}}',
  on: 'activé',
  off: 'désactivé',
  showRateLimit_one: '• Limite de fréquence : {{count, number}} requête par membre et par minute',
  showRateLimit_many: '• Limite de fréquence : {{count, number}} de requêtes par membre et par minute',
  showRateLimit_other: '• Limite de fréquence : {{count, number}} requêtes par membre et par minute',
  showRateLimitDefault_one:
    '• Limite de fréquence : {{count, number}} requête par membre et par minute (valeur par défaut du bot)',
  showRateLimitDefault_many:
    '• Limite de fréquence : {{count, number}} de requêtes par membre et par minute (valeur par défaut du bot)',
  showRateLimitDefault_other:
    '• Limite de fréquence : {{count, number}} requêtes par membre et par minute (valeur par défaut du bot)',
  // /system
  manageChannelsHere:
    'Seuls les membres ayant la permission Gérer les salons dans ce salon peuvent modifier son prompt système.',
  manageChannelsIn:
    'Seuls les membres ayant la permission Gérer les salons dans {{channel}} peuvent modifier son prompt système.',
  systemFormExpired:
    'Ce formulaire a expiré (un formulaire /system marche pendant une heure). Utilise à nouveau /system set.',
  systemFormNeedsManageChannels:
    'Ce formulaire demande la permission Gérer les salons dans le salon d’où tu l’envoies, et tu ne l’as pas maintenant. Utilise /system set directement dans {{channel}}.',
  systemFormTitle: 'Définir le prompt système',
  systemFormLabel: 'Instructions',
  systemFormDescription_one:
    'Envoyé avant chaque conversation dans le salon. Jusqu’à {{count, number}} caractère.',
  systemFormDescription_many:
    'Envoyé avant chaque conversation dans le salon. Jusqu’à {{count, number}} de caractères.',
  systemFormDescription_other:
    'Envoyé avant chaque conversation dans le salon. Jusqu’à {{count, number}} caractères.',
  systemPromptSet_one: 'Prompt système de {{channel}} défini ({{count, number}} caractère) :',
  systemPromptSet_many: 'Prompt système de {{channel}} défini ({{count, number}} de caractères) :',
  systemPromptSet_other: 'Prompt système de {{channel}} défini ({{count, number}} caractères) :',
  systemPromptCleared: '{{channel}} n’a plus de prompt système propre.',
  systemPromptShown: 'Prompt système de {{channel}} :',
  noSystemPrompt: '{{channel}} n’a pas de prompt système propre.',
  // /reset
  manageMessagesToReset:
    'Seuls les membres ayant la permission Gérer les messages dans ce salon peuvent réinitialiser sa conversation.',
  resetDone:
    '🧹 {{name}} a réinitialisé la conversation de ce salon : le bot l’a oubliée, et le prochain message en commence une nouvelle.',
  // Refus des réglages
  whereOption: 'ton option de commande',
  whereChannel: 'le réglage de ce salon',
  whereGuild: 'le réglage de ce serveur',
  whereDefault: 'la valeur par défaut du bot',
  whereRegenerated: 'les options de la réponse régénérée',
  modelNotAllowed:
    'Le modèle {{model}} (venant de {{where}}) n’est pas autorisé sur ce serveur : le réglage des modèles autorisés (/config models) permet {{allowed}}.',
  maxTokensAtMost: 'max_tokens ne peut pas dépasser {{max}} ici ({{where}}).',
  maxTokensAtMostConfig: 'max_tokens ne peut pas dépasser {{max}} ici ({{where}}, /config).',
  listModels: 'Indique un ou plusieurs modèles, ou « all » : {{models}}.',
  unknownModels: 'Modèle inconnu : {{unknown}}. Choisis parmi : {{models}}.',
  // Options d’une requête
  unknownModel: 'Modèle inconnu. Choisis parmi : {{models}}.',
  temperatureRule: 'temperature doit être un nombre de {{min}} à {{max}}.',
  wholeNumberRule: '{{name}} doit être un nombre entier de {{min}} à {{max}}.',
  wholeNumberRuleOperator:
    '{{name}} doit être un nombre entier de {{min}} à {{max}} (la limite de l’opérateur du bot).',
  optionsInvalid: 'Ces options ne sont pas valides.',
  // Règles par rôle
  modelNotForRoles:
    'Le modèle {{model}} n’est pas autorisé pour tes rôles sur ce serveur : leur règle (/budget role) permet {{allowed}}.',
  imagineNotForRoles: 'Tes rôles sur ce serveur n’autorisent pas /imagine (leur règle, /budget role).',
  // A server's own service key (/config service-key)
  serviceKeyNeedsEncryption:
    'Les serveurs ne peuvent pas garder leur propre clé de service ici : l’opérateur du bot n’a pas défini DATA_ENCRYPTION_KEY, qui scelle ces clés dans le stockage. Demandez-lui de la définir.',
  serviceKeyFormTitle: 'Clé de service de ce serveur',
  serviceKeyFormLabel: 'Clé d’API du service',
  serviceKeyFormDescription:
    'Gardée scellée et jamais réaffichée ; les requêtes de ce serveur l’utiliseront.',
  serviceKeySaved:
    '✅ Clé se terminant par …{{last4}} enregistrée. Les requêtes de ce serveur l’utilisent désormais et ne sont pas facturées à l’opérateur du bot.',
  serviceKeyShown:
    'Ce serveur utilise sa propre clé de service, se terminant par …{{last4}}, définie par {{user}} {{when}}.',
  serviceKeyNone:
    'Ce serveur n’a pas de clé de service à lui : ses requêtes utilisent la clé de l’opérateur du bot.',
  serviceKeyCleared:
    '✅ Clé de ce serveur retirée (se terminant par …{{last4}}) : ses requêtes utilisent de nouveau la clé de l’opérateur du bot.',
  serviceKeyRefusedAlert:
    '⚠️ Le service a refusé la clé de service propre à ce serveur (se terminant par …{{last4}}, HTTP {{status}}) : les requêtes qui l’utilisent échouent jusqu’à ce qu’un admin la remplace (/config service-key set) ou la retire (/config service-key clear).',
  serviceKeyInvalid:
    'Ce n’est pas une clé de service : 1 à 400 caractères, sans espace ni saut de ligne. Rien n’a été enregistré.',
};
