/** Words of the spend namespace: /usage, /budget, refusals by a cap, alerts, the cost line. */
export default {
  // /usage
  usageManageOnly:
    'Seuls les membres ayant la permission Gérer le serveur peuvent voir l’utilisation du serveur.',
  unknownPeriod: 'Période inconnue.',
  periodThisMonth: 'Ce mois-ci',
  periodLastMonth: 'Le mois dernier',
  periodToday: 'Aujourd’hui',
  periodLast7Days: 'Les 7 derniers jours',
  periodLast30Days: 'Les 30 derniers jours',
  periodAllTime: 'Depuis le début',
  periodRange: '{{period}} (du {{from}} au {{to}}, UTC)',
  datesRange: 'Du {{from}} au {{to}} (UTC)',
  reportHead_one: '**Dépenses · {{label}}** : {{money}} pour {{count, number}} requête',
  reportHead_many: '**Dépenses · {{label}}** : {{money}} pour {{count, number}} de requêtes',
  reportHead_other: '**Dépenses · {{label}}** : {{money}} pour {{count, number}} requêtes',
  reportEstimated_one: '({{count, number}} avec des tokens estimés)',
  reportEstimated_many: '({{count, number}} avec des tokens estimés)',
  reportEstimated_other: '({{count, number}} avec des tokens estimés)',
  requestsShort_one: '{{count, number}} req.',
  requestsShort_many: '{{count, number}} req.',
  requestsShort_other: '{{count, number}} req.',
  images_one: '{{count, number}} image',
  images_many: '{{count, number}} d’images',
  images_other: '{{count, number}} images',
  tokens: '{{input}} tokens en entrée · {{output}} en sortie',
  byModel: '**Par modèle**',
  modelLine: '`{{model}}` : {{requests}} · {{detail}} · {{money}}',
  topMembers: '**Membres les plus dépensiers**',
  memberLine: '{{rank}}. <@{{userId}}> : {{money}} ({{requests}})',
  byRole: '**Par rôle** (règles par rôle ; un membre qui en a plusieurs compte sous chacun)',
  roleLine: '<@&{{roleId}}> : {{money}} ({{requests}})',
  noRoleLine: 'Sans rôle à règle : {{money}} ({{requests}})',
  paidWithServerKey: 'Payé avec la clé propre à ce serveur : {{money}} ({{requests}})',
  budgetLine: 'Budget : {{caps}}',
  budgetMonthly: 'plafond mensuel {{cap}} ({{percent}} % utilisés ce mois-ci)',
  budgetDaily: '{{cap}} par membre et par jour',
  chartTitle: 'Dépenses par jour · {{label}}',
  // /usage export
  exportPeriodAndDates: 'Indique soit `period`, soit des dates `from`/`to`, pas les deux.',
  exportDateFormat:
    '`{{name}}` doit être une date au format AAAA-MM-JJ (UTC), comme 2026-11-01 ; reçu : {{value}}.',
  exportDateNotReal: '`{{name}}` : {{value}} n’est pas une date du calendrier.',
  exportFromAfterTo: '`from` ({{from}}) est après `to` ({{to}}) : il n’y a rien entre les deux.',
  exportFromFuture:
    '`from` ({{from}}) est dans le futur (nous sommes le {{today}}, UTC) : il n’y a encore rien à exporter.',
  billedRequests_one: '{{count, number}} requête facturée',
  billedRequests_many: '{{count, number}} de requêtes facturées',
  billedRequests_other: '{{count, number}} requêtes facturées',
  rows_one: '{{count, number}} ligne',
  rows_many: '{{count, number}} de lignes',
  rows_other: '{{count, number}} lignes',
  exportSummary: '{{requests}} · {{money}} · {{label}}',
  exportSpan: 'du {{first}} au {{last}} UTC',
  exportNoRows: 'aucune ligne',
  exportOversized_one:
    '-# ⚠️ {{count, number}} requête omise : une ligne trop longue pour un fichier de cette taille (id {{ids}}).',
  exportOversized_many:
    '-# ⚠️ {{count, number}} de requêtes omises : une ligne trop longue pour un fichier de cette taille (id {{ids}}).',
  exportOversized_other:
    '-# ⚠️ {{count, number}} requêtes omises : une ligne trop longue pour un fichier de cette taille (id {{ids}}).',
  exportRetention:
    '-# Les requêtes individuelles sont conservées {{days}} jours (les totaux par jour plus longtemps) : cette plage remonte plus loin, donc son export peut avoir moins de lignes que ce que compte /usage show.',
  exportRestSameDay:
    '{{command}} (ses premières lignes, jusqu’à {{time}} UTC, répètent la fin de la partie {{part}})',
  exportInParts: '**Export de l’utilisation** · {{label}}, en parties au fur et à mesure.',
  exportPart: 'Partie {{part}} · {{rows}} · {{span}}',
  exportDone_one: '✅ Terminé : {{summary}}, en {{count, number}} fichier.',
  exportDone_many: '✅ Terminé : {{summary}}, en {{count, number}} de fichiers.',
  exportDone_other: '✅ Terminé : {{summary}}, en {{count, number}} fichiers.',
  exportThroughDay: 'toutes celles du {{from}} au {{last}} inclus (UTC)',
  exportUpToTime: 'du {{from}} jusqu’à {{last}} UTC',
  exportCut:
    '⚠️ Arrêté à {{parts}} fichiers, le maximum qu’un export envoie : ils contiennent {{requests}} ({{money}}), {{through}}.',
  exportForTheRest: 'Pour la suite : {{command}}.',
  exportStopped: '⚠️ L’export s’est arrêté après la partie {{part}} : {{reason}}.',
  exportStoppedEmpty: '{{head}} Le fichier ci-dessus n’a aucune ligne.',
  exportStoppedHeld: '{{head}} Les fichiers ci-dessus contiennent {{requests}} jusqu’à {{last}} UTC.',
  exportInternalError: 'une erreur s’est produite dans le bot (id d’erreur {{errorId}}, dans le journal)',
  // /budget
  budgetManageOnly:
    'Seuls les membres ayant la permission Gérer le serveur peuvent modifier le budget du serveur.',
  capInvalid: 'Un plafond doit être un nombre de 0 à {{max}}.',
  setGiveOne: 'Indique `monthly`, `daily_per_member` ou les deux.',
  clearChoose: 'Choisis le plafond à supprimer : mensuel, quotidien par membre ou les deux.',
  alertsGiveChannel: 'Indique le salon où envoyer les alertes.',
  none: 'aucun',
  settingsMonthly: 'Plafond mensuel : {{monthly}}',
  settingsMonthlySpent: '{{cap}} ({{spent}} dépensés ce mois-ci)',
  settingsDaily: 'Plafond quotidien par membre : {{daily}}',
  settingsAlerts: 'Alertes : {{channel}}',
  settingsNoAlertChannel: 'aucun salon défini',
  // /budget role
  ruleLine:
    '<@&{{roleId}}> : par jour {{daily}} · par mois {{monthly}} par membre · modèles {{models}} · /imagine {{imagine}}',
  ruleNoCap: 'sans plafond',
  ruleServerDefault: 'défaut du serveur',
  ruleAllModels: 'tous ceux que le serveur autorise',
  yes: 'oui',
  no: 'non',
  noRules: 'Aucune règle par rôle : chaque membre a les plafonds et les modèles du serveur.',
  rulesHeading_one:
    'Règles par rôle ({{count, number}} sur {{max}} au plus ; un membre qui en a plusieurs obtient la plus généreuse de chaque) :',
  rulesHeading_many:
    'Règles par rôle ({{count, number}} sur {{max}} au plus ; un membre qui en a plusieurs obtient la plus généreuse de chaque) :',
  rulesHeading_other:
    'Règles par rôle ({{count, number}} sur {{max}} au plus ; un membre qui en a plusieurs obtient la plus généreuse de chaque) :',
  ruleGiveField: 'Indique `daily`, `monthly`, `models` ou `imagine` pour le rôle.',
  chooseRole: 'Choisis un rôle.',
  everyoneRole: 'Tout le monde a @everyone : définis les plafonds du serveur lui-même avec /budget set.',
  ruleRemoved: 'La règle de <@&{{roleId}}> est supprimée.',
  ruleNotThere: '<@&{{roleId}}> n’avait pas de règle.',
  tooManyRules:
    'Ce serveur a déjà {{max}} règles de rôle, le maximum possible : supprimes-en une d’abord (/budget role clear).',
  // Refusals by a cap
  operatorCapReached:
    'Le bot a atteint sa limite de dépenses pour ce mois ; il répondra de nouveau le 1er du mois prochain (UTC).',
  operatorCapNoRoom:
    'Le bot approche de sa limite de dépenses pour ce mois : cette demande pourrait coûter plus que ce qui reste. Une question plus courte ou un modèle moins cher peut encore passer ; sinon il répondra de nouveau le 1er du mois prochain (UTC).',
  serverCapReached:
    'Ce serveur a atteint son plafond mensuel de dépenses pour le bot ; il est remis à zéro le 1er du mois prochain (UTC). Un admin du serveur peut le relever avec /budget.',
  serverCapReachedFigures:
    'Ce serveur a atteint son plafond mensuel de dépenses pour le bot ({{spent}} sur {{cap}} utilisés).',
  serverCapReachedPending:
    'Ce serveur a atteint son plafond mensuel de dépenses pour le bot ({{spent}} sur {{cap}} utilisés, {{pending}} en cours).',
  dmCapReached:
    'Tu as atteint la limite du jour pour les messages privés avec le bot ; elle est remise à zéro à 00:00 UTC.',
  dmCapReachedFigures:
    'Tu as atteint la limite du jour pour les messages privés avec le bot ({{spent}} sur {{cap}} utilisés) ; elle est remise à zéro à 00:00 UTC.',
  userInstallCapInServer:
    'Tu as atteint la limite du jour pour utiliser le bot sur ce serveur, où il ne fonctionne que parce que tu l’as installé ({{spent}} sur {{cap}} utilisés) ; elle est remise à zéro à 00:00 UTC.',
  userInstallCapOutside:
    'Tu as atteint la limite du jour pour utiliser le bot en dehors des serveurs qui l’ont ajouté (ses MP, les MP de groupe et les MP avec tes amis) ({{spent}} sur {{cap}} utilisés) ; elle est remise à zéro à 00:00 UTC.',
  memberDailyCapReached:
    'Tu as atteint ta limite de dépenses quotidienne sur ce serveur. Elle est remise à zéro à 00:00 UTC.',
  memberDailyCapFigures:
    'Tu as atteint ta limite de dépenses quotidienne sur ce serveur ({{spent}} sur {{cap}} aujourd’hui). Elle est remise à zéro à 00:00 UTC.',
  memberMonthlyCapReached:
    'Tu as atteint ta limite de dépenses mensuelle sur ce serveur. Elle est remise à zéro le 1er du mois prochain (UTC).',
  memberMonthlyCapFigures:
    'Tu as atteint ta limite de dépenses mensuelle sur ce serveur ({{spent}} sur {{cap}} ce mois-ci). Elle est remise à zéro le 1er du mois prochain (UTC).',
  serverCapNoRoomFigures:
    'Cette demande pourrait coûter plus que les {{left}} restants du plafond mensuel de dépenses de ce serveur pour le bot ({{spent}} sur {{cap}} utilisés).',
  serverCapNoRoomPending:
    'Cette demande pourrait coûter plus que les {{left}} restants du plafond mensuel de dépenses de ce serveur pour le bot ({{spent}} sur {{cap}} utilisés, {{pending}} en cours).',
  serverCapNoRoom:
    'Cette demande pourrait coûter plus que ce qui reste du plafond mensuel de dépenses de ce serveur pour le bot. Un admin du serveur peut le relever avec /budget.',
  dmCapNoRoomFigures:
    'Cette demande pourrait coûter plus que les {{left}} restants de la limite du jour pour les messages privés avec le bot ({{spent}} sur {{cap}} utilisés) ; elle est remise à zéro à 00:00 UTC.',
  dmCapNoRoom:
    'Cette demande pourrait coûter plus que ce qui reste de la limite du jour pour les messages privés avec le bot ; elle est remise à zéro à 00:00 UTC.',
  userInstallNoRoomInServer:
    'Cette demande pourrait coûter plus que les {{left}} restants de la limite du jour pour utiliser le bot sur ce serveur, où il ne fonctionne que parce que tu l’as installé ({{spent}} sur {{cap}} utilisés) ; elle est remise à zéro à 00:00 UTC.',
  userInstallNoRoomOutside:
    'Cette demande pourrait coûter plus que les {{left}} restants de la limite du jour pour utiliser le bot en dehors des serveurs qui l’ont ajouté (ses MP, les MP de groupe et les MP avec tes amis) ({{spent}} sur {{cap}} utilisés) ; elle est remise à zéro à 00:00 UTC.',
  memberDailyNoRoom:
    'Cette demande pourrait coûter plus que ce qui reste de ta limite de dépenses quotidienne sur ce serveur. Elle est remise à zéro à 00:00 UTC.',
  memberDailyNoRoomFigures:
    'Cette demande pourrait coûter plus que les {{left}} restants de ta limite de dépenses quotidienne sur ce serveur ({{spent}} sur {{cap}} aujourd’hui). Elle est remise à zéro à 00:00 UTC.',
  memberMonthlyNoRoom:
    'Cette demande pourrait coûter plus que ce qui reste de ta limite de dépenses mensuelle sur ce serveur. Elle est remise à zéro le 1er du mois prochain (UTC).',
  memberMonthlyNoRoomFigures:
    'Cette demande pourrait coûter plus que les {{left}} restants de ta limite de dépenses mensuelle sur ce serveur ({{spent}} sur {{cap}} ce mois-ci). Elle est remise à zéro le 1er du mois prochain (UTC).',
  raiseServerMonthly: 'Un admin (Gérer le serveur) peut le relever avec /budget set monthly.',
  raiseMemberDaily:
    'Un admin (Gérer le serveur) peut la relever avec /budget set daily_per_member, ou pour un rôle avec /budget role set daily.',
  raiseMemberMonthly: 'Un admin (Gérer le serveur) peut la relever avec /budget role set monthly.',
  // Paid plans (PLANS_FILE): refusals, and /usage show
  planSpentFigures:
    'Le quota de l’offre de ce serveur pour ce mois-ci est épuisé ({{spent}} sur {{allowance}}), et il ne lui reste aucun crédit acheté.',
  planNoRoomFigures:
    'Cette demande pourrait coûter plus que les {{left}} restants ce mois-ci du quota de l’offre et du crédit de ce serveur ({{spent}} sur {{allowance}} utilisés, crédit {{credit}}).',
  planSpent:
    'Ce serveur a utilisé le quota de son offre pour ce mois-ci ; il est renouvelé le 1er du mois prochain (UTC).',
  planNoRoom:
    'Cette demande pourrait coûter plus que ce qui reste ce mois-ci du quota de l’offre de ce serveur.',
  planAddMore:
    'Un admin du serveur peut abonner le serveur ou acheter du crédit dans la boutique de l’app ; un abonnement de membre couvre tes propres questions.',
  planLine:
    'Offre : {{plan}} ; {{left}} restants sur le quota de {{allowance}} de ce mois-ci ; solde de crédit {{credit}}.',
  planFree: 'quota gratuit',
  planSubscribed: 'abonnement du serveur ({{count}})',
  planCredits: 'Packs de crédit : {{count}}, {{money}} au total ; le dernier le {{day}}.',
  // Channel messages
  alertReached:
    '📈 Les dépenses de ce serveur pour le bot ont atteint ce mois-ci {{percent}} % de son plafond : {{spent}} sur {{cap}}.',
  alertRefusing:
    'Les nouvelles requêtes sont refusées jusqu’à ce que le plafond soit relevé (/budget) ou que le mois se termine.',
  costImage: '💰 {{money}}',
  costChat: '💰 {{money}} · {{tokens}}',
  costChatEstimated: '💰 {{money}} · {{tokens}} (estimé)',
};
