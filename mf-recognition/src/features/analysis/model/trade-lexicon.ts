// French trade vocabulary (SPEC.md §5 « French trade synonym lists »): every form an artisan may say or write for
// one notion of painting, tiling, electricity, plumbing, masonry, insulation, heating, joinery, roofing,
// demolition and renovation. A catalogue task and a dictated phrase meet when they share a notion.
//
// Roles: `head` is what the task is about (peinture, prise, WC); `mod` only qualifies it (murs, sol, salle de bain);
// `install` / `remove` are the action, kept apart so that « pose » and « dépose » are never confused; `service`
// (entretien, désembouage) is a third kind of work on an existing thing, never its installation.

export type Role = 'head' | 'mod' | 'install' | 'remove' | 'service';
export type Trade =
  | 'painting' | 'tiling' | 'flooring' | 'electricity' | 'plumbing' | 'masonry' | 'insulation' | 'heating'
  | 'joinery' | 'roofing' | 'demolition' | 'renovation' | 'general';

export type LexiconEntry = { concept: string; trade: Trade; role: Role; forms: readonly string[] };

export const TRADE_LEXICON: readonly LexiconEntry[] = [
  // Actions
  { concept: 'install', trade: 'general', role: 'install', forms: ['pose', 'poser', 'posé', 'installation', 'installer', 'installé', 'fourniture', 'fournir', 'fourni', 'montage', 'monter', 'mise en place', 'mettre en place', 'remplacement', 'remplacer', 'changement', 'changer', 'création', 'créer', 'raccordement', 'raccorder', 'repose', 'reposer', 'f et p', 'fourniture et pose'] },
  { concept: 'remove', trade: 'demolition', role: 'remove', forms: ['dépose', 'déposer', 'déposé', 'démontage', 'démonter', 'démonté', 'retrait', 'retirer', 'enlever', 'enlèvement', 'arrachage', 'arracher', 'démolition', 'démolir', 'casser', 'cassage', 'abattre', 'abattage', 'désinstallation', 'désinstaller', 'suppression', 'supprimer', 'curage'] },

  // Painting
  { concept: 'peinture', trade: 'painting', role: 'head', forms: ['peinture', 'peindre', 'peint', 'repeindre', 'repeint', 'repeigne', 'repeignent', 'repeignez', 'peigne', 'peignent', 'peignez', 'peints', 'peintes', 'mettre en peinture', 'mise en peinture', 'laque', 'laquer', 'lasure', 'lasurer', 'badigeon', 'vernis', 'vernir', 'peintre'] },
  { concept: 'preparation', trade: 'painting', role: 'head', forms: ['préparation', 'préparer', 'prép', 'prep', 'enduit', 'enduire', 'ratissage', 'ratisser', 'rebouchage', 'reboucher', 'ponçage', 'poncer', 'lessivage', 'lessiver', 'lissage', 'lisser'] },
  { concept: 'souscouche', trade: 'painting', role: 'head', forms: ['sous-couche', 'sous couche', 'impression', 'primaire', "couche d'impression", 'fixateur', "primaire d'accrochage"] },
  { concept: 'boiserie', trade: 'painting', role: 'head', forms: ['boiserie', 'boiseries', 'encadrement', 'encadrements', 'chambranle', 'chambranles', 'menuiseries bois'] },
  { concept: 'papierpeint', trade: 'painting', role: 'head', forms: ['papier peint', 'papiers peints', 'tapisserie', 'tapisser', 'toile de verre', 'revêtement mural', 'tenture'] },

  // Tiling
  { concept: 'carrelage', trade: 'tiling', role: 'head', forms: ['carrelage', 'carreler', 'carrelé', 'carrelle', 'carrellent', 'recarreler', 'recarrelle', 'recarrellent', 'carreau', 'carreaux', 'grès cérame', 'carreleur'] },
  { concept: 'faience', trade: 'tiling', role: 'head', forms: ['faïence', 'faïences', 'crédence'] },
  { concept: 'joint', trade: 'tiling', role: 'head', forms: ['joint', 'joints', 'jointoiement', 'jointoyer', 'jointer'] },
  { concept: 'ragreage', trade: 'tiling', role: 'head', forms: ['ragréage', 'ragréer', 'ragrée', 'ragréé', 'ragrer', 'autolissant', 'auto-lissant', 'autonivelant', 'auto-nivelant', 'mise à niveau du sol'] },
  { concept: 'plinthe', trade: 'tiling', role: 'head', forms: ['plinthe', 'plinthes'] },

  // Flooring
  { concept: 'parquet', trade: 'flooring', role: 'head', forms: ['parquet', 'stratifié', 'lames', 'parqueteur'] },
  { concept: 'moquette', trade: 'flooring', role: 'head', forms: ['moquette'] },
  { concept: 'solsouple', trade: 'flooring', role: 'head', forms: ['sol souple', 'lino', 'linoléum', 'sol vinyle', 'vinyle', 'lames pvc'] },

  // Electricity
  { concept: 'prise', trade: 'electricity', role: 'head', forms: ['prise', 'prise de courant', 'prises de courant', 'socle de prise', 'pc'] },
  { concept: 'interrupteur', trade: 'electricity', role: 'head', forms: ['interrupteur', 'inter', 'va-et-vient', 'va et vient', 'variateur', 'bouton poussoir'] },
  { concept: 'tableau', trade: 'electricity', role: 'head', forms: ['tableau électrique', 'tableau', 'coffret électrique', 'armoire électrique', 'disjoncteur', 'disjoncteurs', 'tableau de répartition'] },
  { concept: 'pointlumineux', trade: 'electricity', role: 'head', forms: ['point lumineux', 'points lumineux', 'luminaire', 'plafonnier', 'applique', 'éclairage', 'spot', 'spots', 'dcl', 'lumière', 'pl'] },
  { concept: 'normes', trade: 'electricity', role: 'head', forms: ['mise aux normes', 'mise en conformité', 'conformité', 'normes', 'norme nf c 15-100'] },
  { concept: 'electricite', trade: 'electricity', role: 'mod', forms: ['électrique', 'électriques', 'électricité', 'élec', 'elec', 'électricien', 'câblage', 'câbler', 'câble', 'câbles', 'circuit', 'circuits'] },

  // Plumbing
  { concept: 'wc', trade: 'plumbing', role: 'head', forms: ['wc', 'w.c', 'toilettes', 'toilette', 'cuvette', 'sanitaires', 'sanitaire', 'bâti-support', 'bâti support', 'cabinet de toilette'] },
  { concept: 'chauffeeau', trade: 'plumbing', role: 'head', forms: ['chauffe-eau', 'chauffe eau', 'cumulus', "ballon d'eau chaude", 'ballon eau chaude', 'ballon'] },
  { concept: 'lavabo', trade: 'plumbing', role: 'head', forms: ['lavabo', 'vasque', 'lave-mains', 'lave mains', 'meuble vasque', 'meuble de salle de bain'] },
  { concept: 'evier', trade: 'plumbing', role: 'head', forms: ['évier'] },
  { concept: 'douche', trade: 'plumbing', role: 'head', forms: ['douche', 'cabine de douche', 'bac à douche'] },
  { concept: 'receveur', trade: 'plumbing', role: 'head', forms: ['receveur', 'receveurs'] },
  { concept: 'paroi', trade: 'plumbing', role: 'head', forms: ['paroi', 'parois', 'pare-douche', 'porte de douche'] },
  { concept: 'baignoire', trade: 'plumbing', role: 'head', forms: ['baignoire'] },
  { concept: 'robinet', trade: 'plumbing', role: 'head', forms: ['mitigeur', 'robinet', 'robinetterie', 'mélangeur'] },
  { concept: 'pointeau', trade: 'plumbing', role: 'head', forms: ["point d'eau", "points d'eau", 'arrivée d eau', "arrivée d'eau", 'alimentation eau'] },
  { concept: 'plomberie', trade: 'plumbing', role: 'head', forms: ['plomberie', 'plombier', 'tuyauterie', 'canalisation', 'canalisations', 'tuyau', 'tuyaux', 'multicouche', 'cuivre'] },
  { concept: 'fuite', trade: 'plumbing', role: 'head', forms: ['fuite', 'recherche de fuite', 'fuites', 'dégât des eaux'] },

  // Masonry
  { concept: 'cloison', trade: 'masonry', role: 'head', forms: ['cloison', 'cloisons', 'placo', 'placoplâtre', 'plaque de plâtre', 'plaques de plâtre', 'ba13', 'ba 13', 'plaquiste', 'cloisonnement'] },
  { concept: 'chape', trade: 'masonry', role: 'head', forms: ['chape', 'dalle', 'béton', 'coulage', 'couler'] },
  { concept: 'maconnerie', trade: 'masonry', role: 'head', forms: ['maçonnerie', 'maçon', 'muret', 'parpaing', 'parpaings', 'agglo', 'agglos', 'brique', 'briques'] },
  { concept: 'ouverture', trade: 'masonry', role: 'head', forms: ['ouverture', 'ouvrir', 'percement', 'percer', 'trémie', 'baie', 'création d ouverture', "création d'ouverture"] },
  { concept: 'murporteur', trade: 'masonry', role: 'head', forms: ['mur porteur', 'murs porteurs', 'porteur'] },
  { concept: 'facade', trade: 'masonry', role: 'head', forms: ['façade', 'ravalement', 'crépi', 'crépir', 'enduit de façade'] },

  // Insulation
  { concept: 'isolation', trade: 'insulation', role: 'head', forms: ['isolation', 'isoler', 'isol', 'isolant', 'isolants', 'laine de verre', 'laine de roche', 'laine minérale', 'laine soufflée', 'laine', 'souffler', 'soufflée', 'ouate de cellulose', 'polystyrène', 'doublage', 'soufflage', 'ite', 'iti'] },
  { concept: 'combles', trade: 'insulation', role: 'head', forms: ['combles', 'comble', 'grenier', 'rampants'] },

  // Heating
  { concept: 'radiateur', trade: 'heating', role: 'head', forms: ['radiateur', 'radiateurs', 'convecteur', 'convecteurs', 'sèche-serviette', 'sèche serviette', 'sèche-serviettes', 'panneau rayonnant'] },
  { concept: 'chaudiere', trade: 'heating', role: 'head', forms: ['chaudière'] },
  { concept: 'pac', trade: 'heating', role: 'head', forms: ['pompe à chaleur', 'pac', 'pompe a chaleur', 'pompes à chaleur'] },
  { concept: 'chauffage', trade: 'heating', role: 'mod', forms: ['chauffage', 'chauffagiste', 'plancher chauffant'] },
  { concept: 'entretien', trade: 'heating', role: 'service', forms: ['entretien', 'entretenir', 'révision', 'réviser', 'maintenance', 'ramonage', 'ramoner', 'contrôle annuel', 'visite annuelle', 'désembouage', 'désembouer', 'purge', 'purger', 'détartrage', 'détartrer', 'dépannage', 'dépanner', 'réparation', 'réparer'] },
  { concept: 'vmc', trade: 'heating', role: 'head', forms: ['vmc', 'ventilation', 'extracteur', 'bouche d\'extraction', 'aération'] },
  { concept: 'clim', trade: 'heating', role: 'head', forms: ['climatisation', 'clim', 'climatiseur'] },

  // Joinery
  { concept: 'fenetre', trade: 'joinery', role: 'head', forms: ['fenêtre', 'fenêtres', 'porte-fenêtre', 'porte fenêtre', 'baie vitrée', 'châssis', 'vitrage', 'double vitrage', 'velux', 'fenêtre de toit', 'croisée'] },
  { concept: 'porte', trade: 'joinery', role: 'head', forms: ['porte', 'portes', 'bloc-porte', 'bloc porte', 'huisserie'] },
  { concept: 'porteexterieure', trade: 'joinery', role: 'head', forms: ["porte d'entrée", 'porte entrée', 'porte blindée', 'porte de garage', 'porte de service', 'porte palière', 'portail'] },
  { concept: 'volet', trade: 'joinery', role: 'head', forms: ['volet', 'volets', 'persienne', 'persiennes', 'store', 'stores'] },
  { concept: 'placard', trade: 'joinery', role: 'head', forms: ['placard', 'placards', 'dressing', 'rangement'] },
  { concept: 'menuiserie', trade: 'joinery', role: 'mod', forms: ['menuiserie', 'menuiseries', 'menuisier'] },

  // Roofing
  { concept: 'toiture', trade: 'roofing', role: 'head', forms: ['toiture', 'toit', 'couverture', 'couvreur', 'tuile', 'tuiles', 'ardoise', 'ardoises', 'charpente'] },
  { concept: 'demoussage', trade: 'roofing', role: 'head', forms: ['démoussage', 'démousser', 'démoussant', 'traitement de toiture', 'traitement hydrofuge', 'hydrofuge', 'mousse'] },
  { concept: 'gouttiere', trade: 'roofing', role: 'head', forms: ['gouttière', 'gouttières', 'chéneau', 'chéneaux', 'descente', 'descentes', "descente d'eau pluviale", 'zinguerie'] },

  // Demolition and site
  { concept: 'gravats', trade: 'demolition', role: 'head', forms: ['gravats', 'gravas', 'gravois', 'débris', 'déchets', 'décombres', 'déblais', 'évacuation', 'évacuer', 'déchetterie', 'décharge', 'évac', 'evac'] },
  { concept: 'benne', trade: 'demolition', role: 'head', forms: ['benne', 'bennes', 'conteneur', 'big bag', 'big bags'] },
  { concept: 'nettoyage', trade: 'general', role: 'head', forms: ['nettoyage', 'nettoyer', 'nett', 'ménage', 'remise en propreté'] },
  { concept: 'protection', trade: 'general', role: 'head', forms: ['protection', 'protéger', 'bâchage', 'bâcher', 'protections'] },
  { concept: 'mainoeuvre', trade: 'general', role: 'head', forms: ["main d'oeuvre", "main d'œuvre", 'main-d oeuvre', 'mo', "heure de main d'oeuvre", 'heures de travail', 'heure de travail', 'temps de travail', 'taux horaire', 'horaire', 'ouvrier', 'compagnon', 'régie'] },
  { concept: 'deplacement', trade: 'general', role: 'head', forms: ['déplacement', 'déplacements', 'dépl', 'depl', 'frais de déplacement', 'trajet', 'frais kilométriques'] },
  { concept: 'echafaudage', trade: 'general', role: 'head', forms: ['échafaudage', 'échafaudages', 'nacelle'] },

  // Renovation and rooms (qualifiers)
  { concept: 'renovation', trade: 'renovation', role: 'head', forms: ['rénovation', 'rénover', 'réfection', 'remise à neuf', 'réhabilitation'] },
  { concept: 'sdb', trade: 'renovation', role: 'mod', forms: ['salle de bain', 'salle de bains', "salle d'eau", 'sdb', 'sde'] },
  { concept: 'cuisine', trade: 'renovation', role: 'mod', forms: ['cuisine', 'cuisines', 'kitchenette'] },
  { concept: 'piece', trade: 'general', role: 'mod', forms: ['salon', 'séjour', 'sejour', 'chambre', 'chambres', 'couloir', 'entrée', 'dégagement', 'palier', 'bureau', 'buanderie', 'cellier', 'garage', 'véranda', 'cave', 'salle à manger', 'pièce à vivre', 'mezzanine'] },
  { concept: 'mur', trade: 'general', role: 'mod', forms: ['mur', 'murs', 'mural', 'murale', 'muraux', 'murales'] },
  { concept: 'sol', trade: 'general', role: 'mod', forms: ['sol', 'sols', 'plancher', 'au sol'] },
  { concept: 'plafond', trade: 'general', role: 'mod', forms: ['plafond', 'plafonds', 'plaf'] },
  { concept: 'exterieur', trade: 'general', role: 'mod', forms: ['extérieur', 'extérieure', 'extérieurs', 'dehors'] },
  { concept: 'interieur', trade: 'general', role: 'mod', forms: ['intérieur', 'intérieure', 'intérieurs', 'intérieures'] },
];

/** Participles used as adjectives (« tuiles cassées »): a state, not the removal work. */
export const NOT_ACTIONS = new Set(['cassee', 'cassees', 'casses', 'abimee', 'abimees', 'abimes', 'abime']);

/** Words that never carry meaning for matching (removed after phrases were recognised). */
export const STOP_WORDS = new Set([
  'de', 'du', 'des', 'la', 'le', 'les', 'l', 'd', 'un', 'une', 'et', 'en', 'a', 'au', 'aux', 'pour', 'sur', 'sous', 'dans',
  'par', 'avec', 'ou', 'il', 'elle', 'ils', 'elles', 'on', 'nous', 'vous', 'je', 'j', 'tu', 'c', 'ce', 'cet', 'cette', 'ces', 'ca',
  'cela', 'qu', 'que', 'qui', 'quoi', 'y', 'son', 'sa', 'ses', 'mon', 'ma', 'mes', 'ton', 'ta', 'notre', 'nos', 'votre', 'vos', 'leur',
  'leurs', 'tout', 'toute', 'tous', 'toutes', 'environ', 'peu', 'pres', 'aussi', 'encore', 'alors', 'donc', 'bon', 'voila', 'ensuite',
  'puis', 'prevoir', 'prevoit', 'prevu', 'prevue', 'compter', 'comptez', 'compte', 'faut', 'faudra', 'falloir', 'faire', 'refaire',
  'fait', 'faite', 'est', 'sont', 'sera', 'etre', 'avoir', 'ai', 'as', 'avons', 'avez', 'ont', 'va', 'vais', 'allons', 'aller',
  'plus', 'moins', 'tres', 'bien', 'mettre', 'met', 'mets', 'mis', 'veut', 'veulent', 'voudrait', 'souhaite', 'souhaitent',
  'besoin', 'chez', 'client', 'cliente', 'ensemble', 'partie', 'niveau', 'metre', 'metres', 'carre', 'carres', 'lineaire',
  'lineaires', 'total', 'totalite', 'quantite', 'surface', 'nouveau', 'nouvelle', 'nouveaux', 'nouvelles', 'neuf', 'neuve',
  'neufs', 'neuves', 'ancien', 'ancienne', 'anciens', 'anciennes', 'existant', 'existante', 'existants', 'existantes',
  'apres', 'avant', 'entre', 'comme', 'si', 'ici', 'la-bas', 'la', 'euh', 'heu', 'hum', 'ben', 'bah', 'hein', 'quoi',
  'egalement', 'ainsi', 'idem', 'meme', 'memes', 'autre', 'autres', 'chaque', 'piece', 'pieces', 'm', 'm2', 'ml', 'h',
  'oui', 'non', 'pardon', 'enfin', 'disons', 'voir', 'vu', 'car', 'mais', 'parce', 'pense', 'crois', 'dire', 'dit',
  'estimation', 'estime', 'approximativement', 'grosso', 'modo', 'peut', 'etre', 'poste', 'ligne', 'lot', 'article',
  'pareil', 'pareille', 'pareils', 'pareilles', 'idem', 'juste', 'seulement', 'uniquement', 'deja', 'reste', 'coup',
]);
