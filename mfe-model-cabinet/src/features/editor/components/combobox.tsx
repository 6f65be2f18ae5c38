import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import styles from './combobox.module.css';

export interface ComboboxOption {
  value: string;
  label: string;
  /** Options with a group are listed under it (a metro line). */
  group?: string;
  /** A colour swatch beside the option and its group (the line's colour). */
  color?: string | null;
}

interface ComboboxProps {
  label: string;
  options: readonly ComboboxOption[];
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  placeholder?: string;
  error?: string | undefined;
  hint?: string;
  /** Text of the "nothing matches" line. */
  emptyText: string;
  /** Label of the button that clears an optional choice; without it the choice cannot be cleared. */
  clearLabel?: string;
  disabled?: boolean;
}

const normalise = (text: string) => text.toLocaleLowerCase().replace(/ё/g, 'е').trim();

/**
 * A text field that filters a list as she types (the ARIA 1.2 combobox pattern): arrows move
 * through the matches, Enter picks, Escape closes; focus stays in the field throughout.
 */
export function Combobox({
  label,
  options,
  value,
  onChange,
  onBlur,
  name,
  placeholder,
  error,
  hint,
  emptyText,
  clearLabel,
  disabled,
}: ComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const selected = options.find((option) => option.value === value);
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);

  // Grouped options are listed group by group, so the arrows move in the order she sees.
  const ordered = useMemo(() => {
    const groupOrder = [...new Set(options.map((option) => option.group ?? ''))];
    return [...options].sort((a, b) => groupOrder.indexOf(a.group ?? '') - groupOrder.indexOf(b.group ?? ''));
  }, [options]);

  const matches = useMemo(() => {
    const needle = normalise(query ?? '');
    if (!needle) return ordered;
    return ordered.filter(
      (option) => normalise(option.label).includes(needle) || normalise(option.group ?? '').includes(needle),
    );
  }, [ordered, query]);

  const groups = useMemo(() => {
    const byGroup = new Map<
      string,
      { color: string | null; items: { option: ComboboxOption; index: number }[] }
    >();
    matches.forEach((option, index) => {
      const key = option.group ?? '';
      const group = byGroup.get(key) ?? { color: option.color ?? null, items: [] };
      group.items.push({ option, index });
      byGroup.set(key, group);
    });
    return [...byGroup.entries()];
  }, [matches]);

  const optionId = (index: number) => `${id}-option-${index}`;
  const choose = (option: ComboboxOption) => {
    onChange(option.value);
    setQuery(null);
    setOpen(false);
  };
  const move = (step: number) => {
    if (!open) {
      setOpen(true);
      return;
    }
    const next = Math.max(0, Math.min(matches.length - 1, active + step));
    setActive(next);
    listRef.current?.querySelector(`#${CSS.escape(optionId(next))}`)?.scrollIntoView?.({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      move(1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(-1);
    } else if (event.key === 'Enter') {
      if (!open) return;
      event.preventDefault();
      const option = matches[active];
      if (option) choose(option);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setQuery(null);
    }
  };

  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const shown = query ?? selected?.label ?? '';

  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.control}>
        {selected?.color && !query && (
          <span className={styles.inputSwatch} style={{ background: selected.color }} aria-hidden="true" />
        )}
        <input
          id={id}
          name={name}
          className={styles.input}
          data-swatch={selected?.color && !query ? '' : undefined}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && matches[active] ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          autoComplete="off"
          placeholder={placeholder}
          disabled={disabled}
          value={shown}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() =>
            setActive(
              Math.max(
                0,
                matches.findIndex((option) => option.value === value),
              ),
            )
          }
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            setQuery(null);
            onBlur?.();
          }}
        />
        {clearLabel && value && !disabled && (
          <button
            type="button"
            className={styles.clear}
            aria-label={clearLabel}
            onClick={() => {
              onChange('');
              onBlur?.();
            }}
          >
            ×
          </button>
        )}
        <div
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={label}
          className={styles.list}
          hidden={!open || matches.length === 0}
        >
          {open &&
            groups.map(([group, { color, items }], groupIndex) => {
              const rows = items.map(({ option, index }) => (
                // Focus stays in the text field (aria-activedescendant): options are picked with
                // the arrows and Enter there, or with a click here.
                // biome-ignore lint/a11y/useFocusableInteractive: see above
                // biome-ignore lint/a11y/useKeyWithClickEvents: see above
                <div
                  key={option.value}
                  id={optionId(index)}
                  role="option"
                  aria-selected={option.value === value}
                  data-active={index === active ? '' : undefined}
                  className={styles.option}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(option)}
                >
                  {option.color && !group && (
                    <span className={styles.swatch} style={{ background: option.color }} aria-hidden="true" />
                  )}
                  {option.label}
                </div>
              ));
              if (!group) return rows;
              const groupId = `${id}-group-${groupIndex}`;
              return (
                // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox, not a form fieldset
                <div key={group} role="group" aria-labelledby={groupId}>
                  <div id={groupId} role="presentation" className={styles.groupLabel}>
                    <span
                      className={styles.swatch}
                      style={{ background: color ?? 'transparent' }}
                      aria-hidden="true"
                    />
                    {group}
                  </div>
                  {rows}
                </div>
              );
            })}
        </div>
        {open && matches.length === 0 && (
          <p role="status" className={styles.list}>
            <span className={styles.empty}>{emptyText}</span>
          </p>
        )}
      </div>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
