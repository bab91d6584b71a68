/** Words of the web dashboard (src/dashboard/), chosen by the browser's Accept-Language. */
export default {
  // Every page
  product: 'Tableau de bord du bot',
  signedInAs: 'Connecté en tant que {{name}}',
  logOut: 'Se déconnecter',
  // Refusals of a whole page
  forbiddenServer: 'Vous ne gérez pas ce serveur avec le bot (« Gérer le serveur », et le bot y est).',
  staleForm:
    'Ce formulaire n’a pas pu être vérifié : il a été ouvert avant votre dernière connexion, ou depuis un autre site. Rouvrez la page et envoyez-le depuis celle-ci.',
  tooManyLogins: 'Trop de tentatives de connexion d’ici : attendez une minute, puis réessayez.',
  backToServers: 'Retour à vos serveurs',
  // The login page and the server list
  loginTitle: 'Tableau de bord du bot : connexion',
  loginLead: 'Gérez les dépenses du bot sur vos serveurs.',
  loginLink: 'Se connecter avec Discord',
  loginState: 'La connexion n’a pas pu être vérifiée (state) ; réessayez.',
  loginNotAuthorized: 'Discord n’a pas autorisé la connexion.',
  loginRefused: 'Discord a refusé la connexion ; réessayez.',
  yourServers: 'Vos serveurs',
  noServers:
    'Aucun serveur à gérer : le tableau de bord liste les serveurs où se trouve le bot et où vous avez « Gérer le serveur ».',
  // A server's spend
  rangeForm: 'Du {{from}} au {{to}}',
  show: 'Afficher',
  total_one: '{{money}} dépensés pour {{count, number}} requête du {{from}} au {{to}}.',
  total_many: '{{money}} dépensés pour {{count, number}} de requêtes du {{from}} au {{to}}.',
  total_other: '{{money}} dépensés pour {{count, number}} requêtes du {{from}} au {{to}}.',
  downloadCsv: 'Télécharger le CSV',
  chartTitle: 'Dépenses par jour, du {{from}} au {{to}}',
  byModel: 'Par modèle',
  byMember: 'Par membre',
  byChannel: 'Par salon',
  byRole: 'Par rôle',
  model: 'Modèle',
  member: 'Membre',
  channel: 'Salon',
  role: 'Rôle',
  requests: 'Requêtes',
  cost: 'Coût',
  nothingInRange: 'Rien sur cette période',
  byRoleNote:
    'Rôles ayant une règle par rôle, comme /usage show : une requête compte sous chacun de ces rôles que son membre avait, les lignes peuvent donc dépasser le total.',
  noRoleWithRule: 'Aucun rôle avec une règle',
  datesFormat: 'Les dates s’écrivent AAAA-MM-JJ.',
  rangeBackwards: 'La période commence après sa fin (ou dans le futur).',
  rangeTooLong: 'Dix ans au plus à la fois.',
  // Budgets
  budgets: 'Budgets',
  monthNoCap: 'Ce mois-ci : {{spent}}, sans plafond mensuel.',
  monthOfCap: 'Ce mois-ci : {{spent}} sur {{cap}}.',
  capBelowSpend:
    'Ce plafond est inférieur aux {{spent}} déjà dépensés ce mois-ci : les requêtes seront refusées jusqu’au 1er.',
  monthlyCapLabel: 'Plafond mensuel du serveur ({{currency}}, vide : aucun)',
  dailyCapLabel: 'Plafond quotidien par membre ({{currency}}, vide : aucun)',
  save: 'Enregistrer',
  appliesNext: 'Les changements s’appliquent à la prochaine requête.',
  saved: 'Enregistré : cela s’applique à la prochaine requête.',
  sentNotConfirmed:
    'Envoyé : le processus de ce serveur ne l’a pas encore confirmé. Il applique le changement dès qu’il tourne (en quelques secondes) ; rechargez pour vérifier.',
  capsInvalid: 'Les plafonds sont des montants comme 5 ou 0,25, ou vides pour aucun.',
  // Requests in progress
  inProgress: 'Requêtes en cours',
  inProgressUnknown:
    'Le processus de ce serveur n’a pas répondu à temps : les requêtes en cours ne peuvent pas être affichées maintenant.',
  inProgressAsOf: 'Requêtes occupant une place maintenant, à {{time}}.',
  refresh: 'Actualiser',
  kind: 'Type',
  started: 'Début',
  chat: 'chat',
  ago: 'il y a {{time}}',
  noneNow: 'Aucune pour l’instant',
  // Features and channels (/config)
  features: 'Fonctions et salons',
  featureCost: 'Afficher le coût de chaque réponse',
  featureContext: 'Afficher le remplissage de la mémoire de la conversation',
  featureMentions:
    'Répondre aux messages qui mentionnent le bot ou lui répondent (les MP ne sont pas concernés)',
  featureFallback:
    'Quand le plafond d’un membre refuse un modèle, répondre avec le moins cher autorisé qui convient',
  featureLanguage: 'Répondre dans la langue du membre qui demande (sa langue Discord)',
  featureClassicLayout:
    'Répondre dans la mise en page classique de Discord (messages en texte simple) au lieu de cartes',
  where: 'Où le bot répond',
  everywhere: 'Partout où il peut lire',
  listedOnly: 'Seulement dans les salons cochés (les fils suivent leur salon) :',
  channelGone: 'un salon que le bot ne voit plus',
  channelsUnknown:
    'Ce processus ne voit pas les salons du serveur : choisissez « partout », ou utilisez /config channels dans Discord.',
  configNote:
    'Les mêmes réglages que /config features et /config channels ; les changements s’appliquent à la prochaine requête.',
  notACheckbox: '{{field}} est une case à cocher : « on » ou absente.',
  chooseWhere: 'Choisissez partout ou les salons cochés.',
  tooManyChannels: '{{max}} salons au plus.',
  unknownChannel: 'Salon inconnu : cochez des salons de ce serveur.',
  // Rules per role
  roleRules: 'Règles par rôle',
  dailyPerMember: 'Plafond quotidien par membre',
  monthlyPerMember: 'Plafond mensuel par membre',
  models: 'Modèles',
  serverDefault: 'celui du serveur',
  none: 'aucun',
  allAllowed: 'tous ceux autorisés',
  yes: 'oui',
  no: 'non',
  clear: 'Supprimer',
  noRule: 'Aucune règle : chaque membre a les valeurs du serveur',
  dailyRuleLabel: 'Plafond quotidien par membre (vide : celui du serveur)',
  monthlyRuleLabel: 'Plafond mensuel par membre (vide : aucun)',
  modelsLabel: 'Modèles (aucun coché : tous ceux que le serveur autorise)',
  mayImagine: 'peut utiliser /imagine',
  saveRule: 'Enregistrer la règle',
  mostGenerous: 'Un membre avec plusieurs rôles reçoit la valeur la plus généreuse de chaque champ.',
  rolesUnknown:
    'Ce processus ne voit pas les rôles du serveur : définissez les règles avec /budget role dans Discord, ou rechargez dans un instant.',
  roleInvalid: 'Un rôle, et des plafonds comme 5 ou 0,25 (vide : par défaut).',
  notARoleId: 'Pas un identifiant de rôle.',
  notARole: 'Pas un rôle de ce serveur : choisissez l’un des rôles du serveur.',
  everyoneRole:
    'Tout le monde a @everyone : réglez plutôt les plafonds du serveur sous Budgets, ou choisissez un autre rôle.',
  // The server's own service key (/config service-key)
  serviceKey: 'Clé de service',
  keyNeedsEncryption:
    'Les serveurs ne peuvent pas garder leur propre clé de service ici : l’opérateur du bot n’a pas défini DATA_ENCRYPTION_KEY, qui scelle ces clés dans le stockage. Demandez-lui de la définir.',
  keyNone:
    'Ce serveur n’a pas de clé de service à lui : ses requêtes utilisent la clé de l’opérateur du bot.',
  keySet:
    'Ce serveur utilise sa propre clé de service, se terminant par …{{last4}}, définie par {{user}} le {{day}} à {{time}} UTC.',
  keyLabel: 'Nouvelle clé (remplace l’actuelle)',
  saveKey: 'Enregistrer la clé',
  clearKey: 'Retirer la clé',
  keyNote:
    'Comme /config service-key : la clé est gardée scellée et n’est plus jamais affichée, hormis ses quatre derniers caractères. Les requêtes de ce serveur l’utilisent et ne sont pas facturées à l’opérateur du bot.',
  keyInvalid:
    'Ce n’est pas une clé de service : 1 à 400 caractères, sans espace ni saut de ligne. Rien n’a été enregistré.',
  keyUnopened:
    'Le processus de ce serveur n’a pas pu ouvrir la clé (les processus du bot ne partagent pas un même DATA_ENCRYPTION_KEY). Rien n’a été enregistré.',
  // Paid plans (PLANS_FILE) and who paid this month
  planAndPayers: 'Offre et qui a payé',
  planLine:
    'Offre : {{plan}} ; {{left}} restants sur le quota de {{allowance}} de ce mois-ci ; solde de crédit {{credit}}.',
  planFree: 'quota gratuit',
  planSubscribed_one: 'abonnement du serveur',
  planSubscribed_many: '{{count, number}} d’abonnements du serveur',
  planSubscribed_other: '{{count, number}} abonnements du serveur',
  creditPacks: 'Packs de crédit',
  noPacks: 'Aucun pack de crédit acheté.',
  packCredited: 'Crédité le',
  packAmount: 'Montant',
  packRefunded: 'remboursé',
  whoPaid_one:
    'Ce mois-ci : {{operator}} payés par l’opérateur du bot, {{serverKey}} avec la clé propre à ce serveur ({{count, number}} requête).',
  whoPaid_many:
    'Ce mois-ci : {{operator}} payés par l’opérateur du bot, {{serverKey}} avec la clé propre à ce serveur ({{count, number}} de requêtes).',
  whoPaid_other:
    'Ce mois-ci : {{operator}} payés par l’opérateur du bot, {{serverKey}} avec la clé propre à ce serveur ({{count, number}} requêtes).',
};
