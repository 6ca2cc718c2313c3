// /legal and /legal/{page}: one of the three texts, or the index of the three for any other value.
import { Card, PageTitle } from '@atelier/ui';
import { Link, useParams } from 'react-router-dom';

import { isLegalSlug, LEGAL_PAGES } from './legal-pages';
import { LEGAL_TEXTS } from './legal-texts';

export const LEGAL_INDEX_TITLE = 'Informations légales';

export default function LegalRoute() {
  const { page } = useParams();
  if (!isLegalSlug(page)) {
    return (
      <Card>
        <PageTitle>{LEGAL_INDEX_TITLE}</PageTitle>
        <ul>
          {LEGAL_PAGES.map((item) => (
            <li key={item.slug}>
              <Link to={`/legal/${item.slug}`}>{item.title}</Link>
            </li>
          ))}
        </ul>
      </Card>
    );
  }
  const meta = LEGAL_PAGES.find((item) => item.slug === page)!;
  const Text = LEGAL_TEXTS[page];
  return (
    <Card as="article">
      <PageTitle>{meta.title}</PageTitle>
      <Text />
      <p>
        <Link to="/legal">{LEGAL_INDEX_TITLE}</Link>
      </p>
    </Card>
  );
}
