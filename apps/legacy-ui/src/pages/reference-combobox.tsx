// The one way a reference is chosen (a form's field, a list's filter, a role for a user): a
// searchable combobox that asks the server as one types, so 241 areas or 20 000 assets cost one
// short page each time, per the WAI-ARIA combobox pattern (an editable combobox with a listbox
// popup and list autocomplete). Each choice shows what tells look-alike names apart: its site or
// its group path, as the server gives them.
import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { ApiRow } from '../api-client.ts';
import { useLegacy } from '../legacy-context.tsx';
import { RESOURCES } from '../resources.ts';
import { rowName } from './use-reference-rows.ts';
import { loadWhileCurrent } from './load-while-current.ts';

/** How long typing pauses before the server is asked. */
export const SEARCH_DELAY_MS = 250;
/** Choices asked for at a time (the rest: type to narrow). */
export const CHOICES_PAGE = 50;

/** What tells a referenced record apart from one named alike: a group's path, a record's site. */
export function referenceContext(row: Record<string, unknown> | null | undefined): string {
  if (!row) return '';
  if (typeof row.path === 'string' && row.path !== '') {
    // a group's path ends with its own name, which the choice already shows
    const name = typeof row.name === 'string' ? row.name : '';
    return row.path.endsWith(` › ${name}`) ? row.path.slice(0, -(name.length + 3)) : '';
  }
  if (typeof row.site === 'string') return row.site;
  const parent = row.parent as { path?: unknown; name?: unknown } | null | undefined;
  if (parent && typeof parent.path === 'string') return parent.path;
  const group = row.group as { name?: unknown } | null | undefined;
  return group && typeof group.name === 'string' ? group.name : '';
}

/** A referenced record as one line of text: "Dock 1 — Acme / North DC". */
export function referenceText(resource: string | undefined, row: ApiRow): string {
  const context = referenceContext(row);
  const name = rowName(resource, row);
  return context ? `${name} — ${context}` : name;
}

type Load =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; rows: ApiRow[]; total: number; text: string }
  | { status: 'failed' };

export interface ReferenceComboboxProps {
  /** The input's id (its `<label htmlFor>` is the caller's). */
  id: string;
  /** The referenced resource (`zone`). */
  resource: string;
  /** The chosen record's id; null for none. */
  value: number | null;
  /** The chosen record as the API resolved it (`{id, name, site}`), when the caller has it. */
  selected?: ApiRow | null;
  onChange(value: number | null, row: ApiRow | null): void;
  /** The text of "no value" (a filter's "All", a form's "(none)"); absent: a value is required. */
  emptyLabel?: string;
  /** Only these rows are offered (the roles an administrator may grant). */
  accept?: (row: ApiRow) => boolean;
  /** Rows left out of the choices (the roles already chosen). */
  exclude?: ReadonlySet<number>;
  /** Stays empty after a choice (adding to a list rather than setting a value). */
  clearOnChoose?: boolean;
  disabled?: boolean;
  required?: boolean;
  invalid?: boolean;
  describedBy?: string;
  placeholder?: string;
}

/**
 * A searchable reference combobox. Keyboard: typing searches (after a pause), Down/Up move through
 * the choices (Alt+Down opens), Home/End go to the first/last choice while the list is open, Enter
 * chooses, Escape closes the list (a second Escape restores the chosen record's text), Tab leaves.
 * The number of choices, "no match" and a failed load are announced; a failed load can be retried.
 */
export function ReferenceCombobox({
  id,
  resource,
  value,
  selected = null,
  onChange,
  emptyLabel,
  accept,
  exclude,
  clearOnChoose = false,
  disabled = false,
  required = false,
  invalid = false,
  describedBy,
  placeholder,
}: ReferenceComboboxProps) {
  const { api, t } = useLegacy();
  const def = RESOURCES[resource];
  const listboxId = useId();
  const statusId = useId();
  const [chosen, setChosen] = useState<ApiRow | null>(selected);
  const chosenText = chosen && chosen.id === value ? referenceText(resource, chosen) : '';
  const [text, setText] = useState(clearOnChoose ? '' : chosenText);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [load, setLoad] = useState<Load>({ status: 'idle' });
  const [query, setQuery] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);

  // The chosen record's name when only its id is known (a filter from a shared address).
  useEffect(() => {
    if (value === null) {
      setChosen(null);
      return;
    }
    if (selected && selected.id === value) {
      setChosen(selected);
      return;
    }
    if (chosen?.id === value || !def) return;
    return loadWhileCurrent(api.get(def.api, value), setChosen, () =>
      setChosen({ id: value, name: `#${value}` }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new value or selection asks again
  }, [value, selected, api, def]);

  // The box shows the chosen record while one is not searching.
  useEffect(() => {
    if (!open && !clearOnChoose) setText(chosenText);
  }, [chosenText, open, clearOnChoose]);

  // The search: after a pause in typing, one page of choices from the server.
  useEffect(() => {
    if (query === null || !def) return;
    let current = true;
    setLoad({ status: 'loading' });
    const timer = setTimeout(() => {
      api
        .list(def.api, {
          pageSize: CHOICES_PAGE,
          pageNumber: 1,
          order: `${def.titleField}:asc`,
          ...(query.trim() ? { filter: query.trim() } : {}),
        })
        .then((page) => {
          if (!current) return;
          const rows = page.results.filter(
            (row) => !exclude?.has(row.id) && (accept ? accept(row) : true),
          );
          setLoad({
            status: 'ready',
            rows,
            total: page.total - (page.results.length - rows.length),
            text: query.trim(),
          });
          setActive(rows.length > 0 ? 0 : -1);
        })
        .catch(() => current && setLoad({ status: 'failed' }));
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- accept/exclude apply to the next search
  }, [query, attempt, api, def]);

  const rows = load.status === 'ready' ? load.rows : [];

  function openList(search: string) {
    setOpen(true);
    setQuery(search);
  }

  function close(restore: boolean) {
    setOpen(false);
    setActive(-1);
    setQuery(null);
    if (restore) setText(clearOnChoose ? '' : chosenText);
  }

  function choose(row: ApiRow | null) {
    setChosen(row);
    onChange(row ? row.id : null, row);
    setText(clearOnChoose || !row ? '' : referenceText(resource, row));
    setOpen(false);
    setActive(-1);
    setQuery(null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList(event.altKey ? '' : text === chosenText ? '' : text);
        else if (rows.length > 0) setActive((index) => Math.min(rows.length - 1, index + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList(text === chosenText ? '' : text);
        else if (rows.length > 0) setActive((index) => Math.max(0, index - 1));
        break;
      case 'Home':
        if (open && rows.length > 0) {
          event.preventDefault();
          setActive(0);
        }
        break;
      case 'End':
        if (open && rows.length > 0) {
          event.preventDefault();
          setActive(rows.length - 1);
        }
        break;
      case 'Enter': {
        // never submits the form around it while choosing
        const row = open ? rows[active] : undefined;
        if (open) event.preventDefault();
        if (row) choose(row);
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          close(false);
        } else if (text !== chosenText) {
          event.preventDefault();
          event.stopPropagation();
          setText(chosenText);
        }
        break;
      case 'Tab':
        if (open) close(true);
        break;
    }
  }

  let status = '';
  if (open) {
    if (load.status === 'loading') status = t('combobox.searching');
    else if (load.status === 'failed') status = t('combobox.failed');
    else if (load.status === 'ready')
      status =
        load.rows.length === 0 && load.text !== ''
          ? t('combobox.noMatch', { text: load.text })
          : load.total > load.rows.length
            ? t('combobox.more', { shown: load.rows.length, count: load.total })
            : t('combobox.results', { count: load.rows.length });
  }
  const activeRow = open ? rows[active] : undefined;
  const optionId = (row: ApiRow) => `${listboxId}-option-${row.id}`;
  const described = [describedBy, open ? statusId : undefined].filter(Boolean).join(' ');

  return (
    <span className="combobox">
      <span className="combobox-input">
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-activedescendant={activeRow ? optionId(activeRow) : undefined}
          aria-required={required || undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={described || undefined}
          aria-busy={open && load.status === 'loading' ? true : undefined}
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
          placeholder={placeholder ?? (value === null ? emptyLabel : undefined)}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            openList(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onClick={() => {
            if (!open && !disabled) openList('');
          }}
          onBlur={(event) => {
            // a click on a choice keeps the list until it is chosen
            const next = event.relatedTarget as Node | null;
            if (next && event.currentTarget.parentElement?.parentElement?.contains(next)) return;
            close(true);
          }}
        />
        {emptyLabel !== undefined && value !== null && !disabled ? (
          <button
            type="button"
            className="combobox-clear"
            aria-label={t('combobox.clear', { label: chosenText || `#${value}` })}
            onClick={() => {
              choose(null);
              inputRef.current?.focus();
            }}
          >
            {/* the cross is drawn by the style sheet: the button's name says what it does */}
          </button>
        ) : null}
      </span>
      <ul
        id={listboxId}
        role="listbox"
        className="combobox-list"
        hidden={!open || rows.length === 0}
        tabIndex={-1}
      >
        {rows.map((row, index) => {
          const context = referenceContext(row);
          return (
            <li
              key={row.id}
              id={optionId(row)}
              role="option"
              aria-selected={index === active}
              className={index === active ? 'active' : undefined}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(row)}
            >
              <span>{rowName(resource, row)}</span>
              {context ? <span className="option-context"> — {context}</span> : null}
            </li>
          );
        })}
      </ul>
      <span id={statusId} className="combobox-status" role="status" aria-live="polite">
        {status}
        {open && load.status === 'failed' ? (
          <button
            type="button"
            className="secondary"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              setAttempt((n) => n + 1);
              inputRef.current?.focus();
            }}
          >
            {t('combobox.retry')}
          </button>
        ) : null}
      </span>
    </span>
  );
}
