/** Command names (where given), descriptions and choice names: see i18n/commandLocalizations.ts. */
export default {
  'ask.description':
    'Interroger le modèle ; la conversation de ce salon reprend à partir des messages précédents',
  'ask.prompt.description':
    'Ta question (laisse vide pour l’écrire dans un formulaire, avec des retours à la ligne)',
  'ask.file.description':
    'Un fichier sur lequel poser la question : texte, code, CSV, JSON, PDF ou Word (.docx)',
  'ask.model.description': 'Le modèle qui répond (par défaut : le réglage du salon ou du serveur)',
  'ask.temperature.description': 'Part de hasard, de 0 à 2',
  'ask.max_tokens.description': 'Longueur maximale de la réponse, en tokens',
  'ask.thread.description':
    'Ouvrir un fil depuis la réponse ; la conversation y continue avec sa propre mémoire',
  'imagine.description': 'Générer 1 à 4 images à partir d’une description',
  'imagine.prompt.description': 'Ce que l’image doit montrer',
  'imagine.size.description': 'Taille de l’image (par défaut : 1024x1024)',
  'imagine.n.description': 'Nombre d’images (1 à 4, par défaut : 1)',
  'reset.description': 'Oublier la conversation de ce salon avec le bot',
  'system.description': 'Le prompt système d’un salon : des instructions envoyées avant chaque conversation',
  'system.set.description': 'Définir le prompt système',
  'system.set.prompt.description':
    'Les instructions (laisse vide pour les écrire dans un formulaire, avec des retours à la ligne)',
  'system.set.channel.description': 'Quel salon (par défaut : celui-ci)',
  'system.show.description': 'Afficher le prompt système',
  'system.show.channel.description': 'Quel salon (par défaut : celui-ci)',
  'system.clear.description': 'Supprimer le prompt système',
  'system.clear.channel.description': 'Quel salon (par défaut : celui-ci)',
  'config.description': 'Le comportement du bot sur ce serveur',
  'config.show.description': 'Les réglages en vigueur (dans un salon), et d’où vient chacun',
  'config.show.channel.description': 'Quel salon (par défaut : celui-ci)',
  'config.service-key.description': 'La clé de service propre à ce serveur (ses requêtes l’utilisent)',
  'config.service-key.set.description':
    'Définir la clé de ce serveur (dans un formulaire, jamais dans la commande)',
  'config.service-key.show.description':
    'Si une clé est définie, ses quatre derniers caractères, qui l’a définie et quand',
  'config.service-key.clear.description':
    'Retirer la clé de ce serveur : les requêtes reprennent celle de l’opérateur',
  'config.set.description': 'Valeurs par défaut du serveur, ou d’un salon',
  'config.set.model.description': 'Modèle par défaut',
  'config.set.temperature.description': 'Température par défaut, de 0 à 2',
  'config.set.max_tokens.description':
    'Réponse la plus longue en tokens : par défaut et plafond de /ask max_tokens',
  'config.set.history_tokens.description':
    'Quantité de conversation (tokens estimés) envoyée avec chaque requête',
  'config.set.rate_limit.description': 'Requêtes par membre et par minute (sur tout le serveur)',
  'config.set.channel.description':
    'Pour ce salon seulement (model, temperature, max_tokens, history_tokens)',
  'config.clear.description': 'Ramener un réglage au niveau suivant (salon → serveur → défaut du bot)',
  'config.clear.setting.description': 'Quel réglage',
  'config.clear.channel.description':
    'Pour ce salon seulement (model, temperature, max_tokens, history_tokens)',
  'config.models.description': 'Les modèles que les membres peuvent utiliser',
  'config.models.allowed.description': '« all », ou des noms de modèles séparés par des virgules',
  'config.channels.description': 'Où le bot répond (par défaut : partout où il peut lire)',
  'config.channels.action.description': 'Ajouter ou retirer un salon de la liste, ou répondre partout',
  'config.channels.action.choice.allow': 'autoriser',
  'config.channels.action.choice.remove': 'retirer',
  'config.channels.action.choice.everywhere': 'partout',
  'config.channels.channel.description': 'Le salon (pour autoriser et retirer)',
  'config.features.description': 'Les lignes sous les réponses, et si le bot répond aux mentions',
  'config.features.cost_line.description': 'Afficher le coût de chaque réponse',
  'config.features.context_line.description': 'Afficher le remplissage de la mémoire de la conversation',
  'config.features.answer_mentions.description':
    'Répondre aux messages qui mentionnent le bot ou lui répondent (sans effet sur les MP)',
  'config.features.fallback.description':
    'Si le plafond d’un membre refuse un modèle, répondre avec le moins cher autorisé qui passe',
  'config.features.answer_in_language.description':
    'Répondre dans la langue du membre qui demande (sa langue Discord)',
  'config.features.classic_layout.description':
    'Répondre en mise en page classique (texte simple) au lieu de cartes',
  'usage.description': 'Les dépenses de ce serveur pour le bot',
  'usage.show.description': 'Totaux par modèle et par membre, état du budget et graphique par jour',
  'usage.show.period.description': 'Quelle période (par défaut : ce mois-ci)',
  'usage.show.period.choice.this-month': 'Ce mois-ci',
  'usage.show.period.choice.last-month': 'Le mois dernier',
  'usage.show.period.choice.today': 'Aujourd’hui',
  'usage.show.period.choice.last-7-days': 'Les 7 derniers jours',
  'usage.show.period.choice.last-30-days': 'Les 30 derniers jours',
  'usage.show.period.choice.all-time': 'Depuis le début',
  'usage.export.description': 'Chaque requête facturée de la période (ou de from/to) en fichiers CSV',
  'usage.export.period.description': 'Quelle période (par défaut : ce mois-ci)',
  'usage.export.period.choice.this-month': 'Ce mois-ci',
  'usage.export.period.choice.last-month': 'Le mois dernier',
  'usage.export.period.choice.today': 'Aujourd’hui',
  'usage.export.period.choice.last-7-days': 'Les 7 derniers jours',
  'usage.export.period.choice.last-30-days': 'Les 30 derniers jours',
  'usage.export.period.choice.all-time': 'Depuis le début',
  'usage.export.from.description':
    'Premier jour, AAAA-MM-JJ en UTC (au lieu de period ; par défaut : le premier avec dépenses)',
  'usage.export.to.description':
    'Dernier jour, AAAA-MM-JJ en UTC (au lieu de period ; par défaut : aujourd’hui)',
  'budget.description': 'Les plafonds de dépenses de ce serveur pour le bot',
  'budget.show.description': 'Afficher les plafonds et les dépenses de ce mois-ci',
  'budget.set.description': 'Fixer un plafond mensuel pour le serveur et/ou un plafond quotidien par membre',
  'budget.set.monthly.description':
    'Plafond mensuel pour tout le serveur, dans la devise de la grille tarifaire',
  'budget.set.daily_per_member.description':
    'Plafond quotidien par membre, dans la devise de la grille tarifaire',
  'budget.clear.description': 'Supprimer un plafond',
  'budget.clear.which.description': 'Quel plafond',
  'budget.clear.which.choice.monthly': 'mensuel',
  'budget.clear.which.choice.daily_per_member': 'quotidien par membre',
  'budget.clear.which.choice.both': 'les deux',
  'budget.alerts.description': 'Où annoncer 80 % et 100 % du plafond mensuel',
  'budget.alerts.channel.description': 'Salon des alertes',
  'budget.role.description': 'Règles par rôle : plafonds par membre, modèles, /imagine',
  'budget.role.set.description': 'Définir la règle d’un rôle (les champs omis restent ; 50 règles au plus)',
  'budget.role.set.role.description': 'Le rôle',
  'budget.role.set.daily.description':
    'Plafond quotidien par membre ayant le rôle, dans la devise de la grille tarifaire',
  'budget.role.set.monthly.description':
    'Plafond mensuel par membre ayant le rôle, dans la devise de la grille tarifaire',
  'budget.role.set.models.description':
    'Modèles de chat permis au rôle : « all » ou des noms séparés par des virgules',
  'budget.role.set.imagine.description': 'Peut utiliser /imagine',
  'budget.role.clear.description': 'Supprimer la règle d’un rôle',
  'budget.role.clear.role.description': 'Le rôle',
  'budget.role.show.description': 'Afficher les règles par rôle',
  'Ask about this message.name': 'Demander sur ce message',
  'Summarize from here.name': 'Résumer à partir d’ici',
};
