import { getRuntimeConfig } from '@atelier/platform';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

import { LEGAL_PAGES } from '../features/legal/legal-pages';
import { SHELL_MESSAGES } from '../messages';

const Bar = styled.footer`
  margin-top: 2rem;
  padding: 1rem 0;
  background: ${({ theme }) => theme.colors.secondary};
  color: #e2e8f0;
  font-size: ${({ theme }) => theme.font.size.sm};
  a {
    color: #fff;
    /* 44 px tall tap targets without spreading the text. */
    display: inline-flex;
    align-items: center;
    min-height: 44px;
  }
`;

const Inner = styled.div`
  max-width: ${({ theme }) => theme.maxWidth};
  margin: 0 auto;
  padding: 0 1rem;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 2rem;
  justify-content: space-between;
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 0 1.25rem;
  }
  /* Phone: one legal link per row, then the contact lines. */
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    flex-direction: column;
    align-items: stretch;
    ul {
      flex-direction: column;
    }
  }
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
