import { getRuntimeConfig } from '@atelier/platform';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

import { LEGAL_PAGES } from '../features/legal/legal-pages';
import { SHELL_MESSAGES } from '../messages';

const Bar = styled.footer`
  margin-top: 2rem;
  padding: 1.5rem 1rem;
  background: ${({ theme }) => theme.colors.secondary};
  color: #e2e8f0;
  font-size: ${({ theme }) => theme.font.size.sm};
  a { color: #fff; }
`;

const Inner = styled.div`
  max-width: ${({ theme }) => theme.maxWidth};
  margin: 0 auto;
  display: flex;
  flex-wrap: wrap;
  gap: 1rem 2rem;
  justify-content: space-between;
  ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0.5rem 1.25rem; }
`;

export function Footer() {
  const { contactEmail, contactPhone } = getRuntimeConfig();
  return (
    <Bar>
      <Inner>
        <nav aria-label={SHELL_MESSAGES.footerLegal}>
          <ul>
            {LEGAL_PAGES.map((page) => (
              <li key={page.slug}>
                <Link to={`/legal/${page.slug}`}>{page.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <address style={{ fontStyle: 'normal' }}>
          {SHELL_MESSAGES.contact} : <a href={`mailto:${contactEmail}`}>{contactEmail}</a> ·{' '}
          <a href={`tel:${contactPhone.replace(/\s/g, '')}`}>{contactPhone}</a>
        </address>
      </Inner>
    </Bar>
  );
}
