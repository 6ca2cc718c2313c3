import { isAdmin, useAuth } from '@atelier/platform';
import { useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import styled from 'styled-components';

import { ADMIN_NAV_ITEM, NAV_ITEMS, SHELL_MESSAGES } from '../messages';

/**
 * Below this width the six (seven for the administrator) links no longer fit on one row beside the brand:
 * they fold behind the menu button (tablets included) instead of wrapping or running off the screen.
 */
const NAV_COLLAPSE = '1024px';

const Header = styled.header`
  background: ${({ theme }) => theme.colors.primary};
  color: #fff;
`;

const Bar = styled.div`
  max-width: ${({ theme }) => theme.maxWidth};
  margin: 0 auto;
  padding: 0 1rem;
  display: flex;
  align-items: center;
  gap: 1rem;
  min-height: 56px;
  /* Phone: brand and menu button centred on a 56 px row, the links unfold on the full width below. */
  @media (max-width: ${NAV_COLLAPSE}) {
    display: grid;
    grid-template-columns: 1fr auto;
    grid-template-rows: 56px auto;
    column-gap: 1rem;
    row-gap: 0;
  }
`;

const Brand = styled.span`
  font-weight: 700;
  font-size: 1.2rem;
  letter-spacing: 0.02em;
  margin-right: auto;
`;

const Toggle = styled.button`
  display: none;
  &:focus-visible {
    outline-color: #fff;
  }
  background: transparent;
  border: 1px solid rgba(255, 255, 255, 0.6);
  color: #fff;
  border-radius: 6px;
  min-width: 44px;
  min-height: 44px;
  font-size: 1.25rem;
  cursor: pointer;
  @media (max-width: ${NAV_COLLAPSE}) {
    display: inline-flex;
    align-items: center;
    justify-content: center;
  }
`;

const Nav = styled.nav`
  @media (max-width: ${NAV_COLLAPSE}) {
    grid-column: 1 / -1;
    width: 100%;
  }
`;

const Links = styled.ul<{ $open: boolean }>`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 0.25rem;
  margin: 0;
  padding: 0;
  a {
    white-space: nowrap;
    display: flex;
    flex-direction: column;
    justify-content: center;
    min-height: 44px;
    padding: 0.5rem 0.75rem;
    color: #e2e8f0;
    text-decoration: none;
    border-radius: 6px;
    font-weight: 600;
  }
  a:hover {
    background: rgba(255, 255, 255, 0.1);
  }
  a:focus-visible {
    outline-color: #fff;
  }
  a[aria-current='page'] {
    background: #fff;
    color: ${({ theme }) => theme.colors.primary};
  }
  @media (max-width: ${NAV_COLLAPSE}) {
    display: ${({ $open }) => ($open ? 'flex' : 'none')};
    flex-direction: column;
    width: 100%;
    padding-bottom: 0.75rem;
    a {
      padding: 0.8rem 0.75rem;
    }
  }
`;

export function TopNav() {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // Escape folds the open menu and gives the focus back to its button.
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  const items = isAdmin(user) ? [...NAV_ITEMS, ADMIN_NAV_ITEM] : NAV_ITEMS;
  return (
    <Header>
      <Bar>
        <Brand>{SHELL_MESSAGES.brand}</Brand>
        <Toggle
          ref={toggleRef}
          type="button"
          aria-expanded={open}
          aria-controls="main-nav-links"
          aria-label={open ? SHELL_MESSAGES.closeMenu : SHELL_MESSAGES.openMenu}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? '✕' : '☰'}
        </Toggle>
        <Nav aria-label={SHELL_MESSAGES.mainNav}>
          <Links id="main-nav-links" $open={open}>
            {items.map((item) => (
              <li key={item.to}>
                {/* A tap on a link folds the menu, even on the page already shown. */}
                <NavLink to={item.to} end={item.to === '/'} onClick={() => setOpen(false)}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </Links>
        </Nav>
      </Bar>
    </Header>
  );
}
