import { isAdmin, useAuth } from '@atelier/platform';
import { useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import styled from 'styled-components';

import { ADMIN_NAV_ITEM, NAV_ITEMS, SHELL_MESSAGES } from '../messages';

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
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    flex-wrap: wrap;
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
  background: transparent;
  border: 1px solid rgba(255, 255, 255, 0.6);
  color: #fff;
  border-radius: 6px;
  min-width: 44px;
  min-height: 44px;
  font-size: 1.25rem;
  cursor: pointer;
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    display: inline-flex;
    align-items: center;
    justify-content: center;
  }
`;

const Nav = styled.nav`
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    width: 100%;
  }
`;

const Links = styled.ul<{ $open: boolean }>`
  list-style: none;
  display: flex;
  gap: 0.25rem;
  margin: 0;
  padding: 0;
  a {
    display: block;
    padding: 0.6rem 0.75rem;
    color: #e2e8f0;
    text-decoration: none;
    border-radius: 6px;
    font-weight: 500;
  }
  a:hover { background: rgba(255, 255, 255, 0.1); }
  a[aria-current='page'] { background: #fff; color: ${({ theme }) => theme.colors.primary}; font-weight: 700; }
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    display: ${({ $open }) => ($open ? 'flex' : 'none')};
    flex-direction: column;
    width: 100%;
    padding-bottom: 0.75rem;
    a { padding: 0.8rem 0.75rem; }
  }
`;

export function TopNav() {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);
  const items = isAdmin(user) ? [...NAV_ITEMS, ADMIN_NAV_ITEM] : NAV_ITEMS;
  return (
    <Header>
      <Bar>
        <Brand>{SHELL_MESSAGES.brand}</Brand>
        <Toggle
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
                <NavLink to={item.to} end={item.to === '/'}>
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
