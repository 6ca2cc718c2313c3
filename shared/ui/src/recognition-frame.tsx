// The first screen of the recognition section of / (issue 14): the shell draws it as a placeholder before
// mf-recognition is loaded, and mf-recognition's panels draw the same words and boxes in the same place once it
// is. One source for those words, those styles and the hand-over contract, so the swap never changes a word or
// moves a pixel. Imported by path (`@atelier/ui/src/recognition-frame`), not from the package's index: the
// sign-in page, which loads @atelier/ui, does not carry it.
import styled from 'styled-components';

export const RECOGNITION_FRAME_MESSAGES = {
  imageTitle: "Reconnaissance d'image",
  imageIntro:
    'Photographiez ou choisissez une image de vos notes : tâches, quantités, client et titre du projet sont ajoutés au devis en cours.',
  takePhoto: 'Prendre une photo',
  chooseImage: 'Choisir une image',
  imageTips: [
    'Posez la feuille à plat, bien éclairée, sans reflet ni ombre.',
    'Cadrez une seule page, texte droit et net, en remplissant le cadre.',
    'Une tâche par ligne avec sa quantité et son unité (ex. : Peinture murs 25 m2).',
    "Ajoutez le nom, le téléphone, l'email et l'adresse du client pour compléter sa fiche.",
    "Les notes imprimées ou tapées sont bien mieux reconnues que l'écriture manuscrite.",
  ],
  voiceTitle: 'Reconnaissance vocale',
  voiceIntro:
    'Dictez vos notes de chantier : tâches, quantités, client et titre du projet sont ajoutés au devis en cours.',
  loading: 'Chargement…',
  tipsTitle: 'Conseils',
  emptyCatalogueTitle: 'Aucune tâche dans votre catalogue',
  emptyCatalogue:
    "Créez d'abord vos tâches dans la Gestion des Tâches : la reconnaissance associe ce qu'elle lit aux tâches de votre catalogue.",
  goToTasks: 'Aller à la Gestion des Tâches',
  notesTitle: 'Notes de chantier',
  notesIntro:
    'Tapez ou collez vos notes (SMS, email, dictée) : chaque ligne proposée montre les mots dont elle vient, et vous la validez avant qu’elle rejoigne le devis.',
  notesLabel: 'Vos notes',
  notesPlaceholder:
    'Ex. : Chambre 3,50 sur 4, carrelage au sol. Plinthes 14,5 ml. Client : Hélène de La Tour, 06 12 34 56 78',
  analyseNotes: 'Analyser les notes',
  analysing: 'Analyse en cours...',
} as const;

/** What the user did on the shell's placeholder before mf-recognition was loaded (handed over, nothing lost). */
export interface RecognitionStart {
  tab?: 'image' | 'voice';
  /** Notes typed or pasted in the placeholder's notes box. */
  notes?: string;
  /** The notes box had the focus: it keeps it (caret at the end). */
  focusNotes?: boolean;
  /** « Analyser les notes » was pressed. */
  analyseNotes?: boolean;
  /** A file chosen with « Choisir une image ». */
  image?: File;
  /** « Prendre une photo » was pressed. */
  openCamera?: boolean;
}

/** localStorage key prefix of the notes box's kept work (`notesDraft.<user id>`, written by mf-recognition). */
export const NOTES_DRAFT_KEY_PREFIX = 'notesDraft.';

/**
 * Whether the user left notes or proposed lines in the notes box (issue 29.7): the placeholder then loads the
 * panels at once so they show again after a reload or a page change, instead of an empty box.
 */
export function hasKeptNotes(userId: string): boolean {
  try {
    const raw = globalThis.localStorage?.getItem(`${NOTES_DRAFT_KEY_PREFIX}${userId}`);
    if (!raw) return false;
    const kept = JSON.parse(raw) as { text?: unknown; proposal?: unknown } | null;
    return !!kept && ((typeof kept.text === 'string' && kept.text.trim() !== '') || !!kept.proposal);
  } catch {
    return false;
  }
}

/** The row of the photo buttons. */
export const ActionRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin-bottom: 1rem;
`;

export const MutedText = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

const TipsBox = styled.aside`
  margin-top: 1rem;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.font.size.sm};
  ul {
    margin: 0.25rem 0 0;
    padding-left: 1.25rem;
  }
`;

/** « Conseils » and its list, under a panel. */
export function Tips({ tips }: { tips: readonly string[] }) {
  return (
    <TipsBox>
      <strong>{RECOGNITION_FRAME_MESSAGES.tipsTitle}</strong>
      <ul>
        {tips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </TipsBox>
  );
}
