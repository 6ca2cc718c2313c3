// Static legal texts (French). Prices and quotas come from the plan table so they never drift from it.
import { formatEuros } from '@atelier/domain/src/money';
import { PLANS } from '@atelier/domain/src/plans';
import { getRuntimeConfig } from '@atelier/platform';
import type { ReactNode } from 'react';

import type { LegalSlug } from './legal-pages';

const price = (cents: number) => formatEuros(cents).replace(/\u202f|\u00a0/g, ' ');
const FREE_QUOTES = PLANS.free.quota.quotesPerMonth;

function Terms() {
  const { contactEmail } = getRuntimeConfig();
  return (
    <>
      <p>En vigueur au 1er janvier 2026.</p>
      <h2>1. Objet</h2>
      <p>
        Les présentes conditions générales d'utilisation (CGU) régissent l'accès et l'utilisation du service Atelier,
        application web permettant aux professionnels du bâtiment, artisans et indépendants de préparer des devis et des
        factures, d'en générer les fichiers PDF et de gérer leur carnet de clients, leur catalogue de tâches et les
        informations de leur entreprise. La création d'un compte vaut acceptation sans réserve des présentes CGU.
      </p>
      <h2>2. Accès au service et compte</h2>
      <p>
        Le service est réservé aux professionnels. L'utilisateur s'inscrit avec une adresse email et un mot de passe, et
        renseigne le nom de son entreprise, ses nom, prénom, téléphone, adresse et, le cas échéant, son numéro SIRET. Il
        s'engage à fournir des informations exactes et à garder son mot de passe confidentiel ; toute action réalisée
        depuis son compte est réputée faite par lui.
      </p>
      <h2>3. Offres et tarifs</h2>
      <ul>
        <li>
          <strong>{PLANS.free.name}</strong> ({price(PLANS.free.priceCents)}) : {FREE_QUOTES} devis gratuits par mois
          calendaire, {PLANS.free.quota.clients} clients, {PLANS.free.quota.storageMb} Mo de stockage, support par
          email.
        </li>
        <li>
          <strong>{PLANS.pro.name}</strong> ({price(PLANS.pro.priceCents)} par mois) : devis illimités, clients
          illimités, 1 Go de stockage, modèles personnalisés, support prioritaire.
        </li>
        <li>
          <strong>{PLANS.enterprise.name}</strong> ({price(PLANS.enterprise.priceCents)} par mois) : devis illimités, 10
          Go de stockage, jusqu'à 5 utilisateurs, accès API, support dédié 7j/7 et 24h/24 et formation personnalisée.
        </li>
      </ul>
      <p>
        Le compteur de devis de l'offre {PLANS.free.name} est remis à zéro au début de chaque mois calendaire. Les prix
        sont indiqués en euros toutes taxes comprises. Les abonnements payants sont mensuels, payables d'avance par
        carte bancaire via notre prestataire de paiement, et reconduits tacitement chaque mois.
      </p>
      <h2>4. Résiliation</h2>
      <p>
        L'utilisateur peut résilier son abonnement payant à tout moment depuis la page « Mon Compte » ; la résiliation
        prend effet à la fin de la période mensuelle en cours, sans remboursement prorata temporis. Le compte revient
        alors à l'offre {PLANS.free.name}.
      </p>
      <h2>5. Données de l'utilisateur</h2>
      <p>
        Les clients, devis, factures, tâches, informations d'entreprise et personnalisations sont enregistrés dans le
        navigateur de l'utilisateur. Il lui appartient d'en conserver une copie : Atelier ne peut pas les restaurer si
        le stockage du navigateur est effacé. Les données de compte, de profil, de quotas et d'abonnement sont hébergées
        sur nos serveurs.
      </p>
      <h2>6. Responsabilité</h2>
      <p>
        Atelier est un outil d'aide à la rédaction. L'utilisateur reste seul responsable du contenu, des prix, des taux
        de TVA et des mentions obligatoires de ses devis et factures, ainsi que de leur conformité à la réglementation
        applicable. Les propositions issues de la reconnaissance d'image ou de voix doivent être vérifiées avant envoi.
        Le service est fourni en l'état ; nous nous efforçons d'en assurer la disponibilité sans pouvoir la garantir de
        façon continue.
      </p>
      <h2>7. Droit applicable</h2>
      <p>
        Les présentes CGU sont soumises au droit français. Pour toute question :{' '}
        <a href={`mailto:${contactEmail}`}>{contactEmail}</a>. À défaut d'accord amiable, les tribunaux compétents du
        ressort du siège de l'éditeur seront seuls compétents.
      </p>
    </>
  );
}

function Privacy() {
  const { contactEmail } = getRuntimeConfig();
  return (
    <>
      <p>
        Cette politique explique quelles données personnelles Atelier traite, pourquoi, et quels sont vos droits au
        titre du Règlement général sur la protection des données (RGPD) et de la loi Informatique et Libertés.
      </p>
      <h2>1. Responsable du traitement</h2>
      <p>
        L'éditeur du service (voir les mentions légales). Contact pour toute question relative à vos données :{' '}
        <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
      </p>
      <h2>2. Données traitées et finalités</h2>
      <ul>
        <li>
          Compte : adresse email, mot de passe (conservé uniquement sous forme chiffrée), nom, prénom, téléphone, nom de
          l'entreprise, adresse et SIRET — pour créer et gérer votre compte (exécution du contrat).
        </li>
        <li>
          Abonnement et quotas : offre choisie, statut de paiement, nombre de devis du mois — pour appliquer votre
          offre.
        </li>
        <li>
          Paiement : les données de carte sont collectées directement par notre prestataire de paiement ; nous ne
          conservons que la marque et les quatre derniers chiffres de la carte.
        </li>
        <li>
          Recherche d'adresse : le texte saisi est envoyé au service public de géocodage de l'IGN (Géoplateforme) pour
          proposer des adresses.
        </li>
        <li>
          Reconnaissance : les photos et textes dictés que vous soumettez sont analysés pour en extraire des tâches ;
          ils ne sont pas conservés après l'analyse.
        </li>
      </ul>
      <p>
        Vos clients, devis et factures restent dans votre navigateur : ils ne sont pas transmis à nos serveurs, sauf la
        fiche client si vous la synchronisez.
      </p>
      <h2>3. Durées de conservation</h2>
      <p>
        Les données de compte sont conservées tant que le compte est actif, puis supprimées dans un délai de trois ans
        après le dernier usage. Les pièces comptables liées aux abonnements sont conservées dix ans (article L123-22 du
        Code de commerce).
      </p>
      <h2>4. Destinataires et transferts</h2>
      <p>
        Seuls l'éditeur et ses sous-traitants techniques (hébergement, paiement) accèdent aux données, dans la limite de
        leurs missions. Lorsqu'un sous-traitant est situé hors de l'Union européenne, le transfert est encadré par les
        clauses contractuelles types de la Commission européenne.
      </p>
      <h2>5. Vos droits</h2>
      <p>
        Vous disposez des droits d'accès, de rectification, d'effacement, de limitation, de portabilité et d'opposition.
        Vous pouvez modifier vos informations depuis « Mon Compte » ou écrire à{' '}
        <a href={`mailto:${contactEmail}`}>{contactEmail}</a>. Vous pouvez introduire une réclamation auprès de la CNIL
        (www.cnil.fr).
      </p>
      <h2>6. Cookies et stockage local</h2>
      <p>
        Atelier n'utilise aucun cookie publicitaire ni de mesure d'audience. Le stockage local du navigateur sert à
        maintenir votre session et à enregistrer vos données de travail ; il est strictement nécessaire au service.
      </p>
    </>
  );
}

function LegalNotice() {
  const { contactEmail, contactPhone } = getRuntimeConfig();
  return (
    <>
      <h2>Éditeur</h2>
      <p>
        Atelier SAS, société par actions simplifiée au capital de 10 000 €, immatriculée au RCS de Paris.
        <br />
        Siège social : 10 rue de la Paix, 75002 Paris, France.
        <br />
        Email : <a href={`mailto:${contactEmail}`}>{contactEmail}</a> — Téléphone : {contactPhone}
        <br />
        Directeur de la publication : le président de la société.
      </p>
      <h2>Hébergement</h2>
      <p>
        L'application et les données de compte sont hébergées par les prestataires techniques de l'éditeur au sein de
        l'Union européenne. Leurs coordonnées sont communiquées sur simple demande à l'adresse ci-dessus.
      </p>
      <h2>Propriété intellectuelle</h2>
      <p>
        La marque Atelier, l'interface et le code du service sont protégés par le droit de la propriété intellectuelle.
        Les devis, factures et contenus créés par les utilisateurs leur appartiennent.
      </p>
      <h2>Médiation</h2>
      <p>
        Le service s'adresse aux professionnels. Toute réclamation peut être adressée à{' '}
        <a href={`mailto:${contactEmail}`}>{contactEmail}</a> ; nous répondons sous trente jours.
      </p>
    </>
  );
}

export const LEGAL_TEXTS: Record<LegalSlug, () => ReactNode> = {
  terms: Terms,
  privacy: Privacy,
  'legal-notice': LegalNotice,
};
