// Address field with suggestions: from 3 characters, 300 ms after the last keystroke, 5 results.
import { getRuntimeConfig } from '@atelier/platform';
import { Input } from '@atelier/ui';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';

import { ADDRESS_DEBOUNCE_MS, ADDRESS_MIN_CHARS, searchAddresses, type AddressSuggestion } from './geocoder';

const Wrapper = styled.div`
  position: relative;
`;

const List = styled.ul`
  position: absolute;
  z-index: 10;
  left: 0;
  right: 0;
  margin: 0.25rem 0 0;
  padding: 0;
  list-style: none;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  box-shadow: ${({ theme }) => theme.shadow};
  li {
    padding: 0.6rem 0.75rem;
    cursor: pointer;
    min-height: 44px;
  }
  li[aria-selected='true'],
  li:hover {
    background: ${({ theme }) => theme.colors.infoBg};
  }
  small {
    display: block;
    color: ${({ theme }) => theme.colors.muted};
  }
`;

export interface AddressAutocompleteProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
}

export function AddressAutocomplete({ id, value, onChange, invalid }: AddressAutocompleteProps) {
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [typed, setTyped] = useState(false);
  const skipNext = useRef(false);

  useEffect(() => {
    if (!typed || skipNext.current) {
      skipNext.current = false;
      return;
    }
    if (value.trim().length < ADDRESS_MIN_CHARS) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchAddresses(getRuntimeConfig().geocoderUrl, value, controller.signal)
        .then((found) => {
          setSuggestions(found);
          setActive(-1);
        })
        .catch((error: unknown) => {
          if ((error as Error).name !== 'AbortError') {
            console.warn('[atelier] address search failed', error);
            setSuggestions([]);
          }
        });
    }, ADDRESS_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, typed]);

  const choose = (suggestion: AddressSuggestion) => {
    skipNext.current = true;
    onChange(suggestion.label);
    setSuggestions([]);
  };

  const listId = `${id}-suggestions`;
  const open = suggestions.length > 0;
  return (
    <Wrapper>
      <Input
        id={id}
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-invalid={invalid || undefined}
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        value={value}
        onChange={(event) => {
          setTyped(true);
          onChange(event.target.value);
        }}
        onKeyDown={(event) => {
          if (!open) return;
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setActive((i) => Math.min(i + 1, suggestions.length - 1));
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((i) => Math.max(i - 1, 0));
          } else if (event.key === 'Enter' && active >= 0) {
            event.preventDefault();
            choose(suggestions[active]!);
          } else if (event.key === 'Escape') {
            setSuggestions([]);
          }
        }}
        onBlur={() => setTimeout(() => setSuggestions([]), 150)}
      />
      {open ? (
        <List id={listId} role="listbox">
          {suggestions.map((suggestion, index) => (
            <li
              key={`${suggestion.label}-${index}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => {
                event.preventDefault();
                choose(suggestion);
              }}
            >
              {suggestion.label}
              {suggestion.context ? <small>{suggestion.context}</small> : null}
            </li>
          ))}
        </List>
      ) : null}
    </Wrapper>
  );
}
