// A document's (or client's) secondary actions in a menu button (issue 29.10): « Actions » opens a list of
// menu items whose accessible names name the document (« Supprimer le devis DE0001 »). Keyboard: the first item
// takes the focus, ↑/↓ move, Escape closes and gives the focus back to the button; a click elsewhere closes it.
import { useEffect, useId, useRef, useState } from 'react';

import { DIALOG_MESSAGES as M } from '../dialogs/messages';

export interface MenuAction {
  label: string;
  onSelect: () => void;
  danger?: boolean;
  disabled?: boolean;
}

export function DocumentMenu({ label, items }: { label: string; items: readonly MenuAction[] }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    menu.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
    const onPointer = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const buttons = [...(menu.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = (at + (event.key === 'ArrowDown' ? 1 : -1) + buttons.length) % buttons.length;
    buttons[next]?.focus();
  };

  if (!items.length) return null;
  return (
    <span className="doc-menu" style={{ position: 'relative', display: 'inline-block' }} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {M.actions} ▾
      </button>
      {open ? (
        <ul
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={label}
          style={{
            position: 'absolute',
            right: 0,
            zIndex: 20,
            listStyle: 'none',
            margin: '0.25rem 0 0',
            padding: '0.25rem',
            background: '#fff',
            border: '1px solid #cbd5e0',
            borderRadius: 8,
            boxShadow: '0 4px 16px rgba(15, 23, 42, 0.15)',
            minWidth: 240,
          }}
        >
          {items.map((item) => (
            <li key={item.label} role="none" style={{ margin: 0 }}>
              <button
                type="button"
                role="menuitem"
                className={item.danger ? 'danger' : undefined}
                disabled={item.disabled}
                style={{ width: '100%', textAlign: 'left', marginBottom: 4 }}
                onClick={() => {
                  setOpen(false);
                  button.current?.focus();
                  item.onSelect();
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </span>
  );
}
