import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Temporal } from 'temporal-polyfill';
import { ChevronIcon } from './chevron-icon';
import {
  canShowNextMonth,
  canShowPreviousMonth,
  type DateBounds,
  type DateRange,
  type DraftRange,
  defaultBounds,
  inRange,
  isComplete,
  isQuickRangeClamped,
  isWithin,
  matchingQuickRange,
  monthGrid,
  monthOf,
  moveFocus,
  pickDay,
  QUICK_RANGES,
  type QuickRangeId,
  quickRange,
  sameRange,
  weekStart,
} from './date-range';
import * as css from './date-range-picker.css';

type PlainDate = Temporal.PlainDate;

const QUICK_LABELS: Record<QuickRangeId, MessageDescriptor> = {
  today: msg`Hoje`,
  thisWeek: msg`Essa semana`,
  lastWeek: msg`Última semana`,
  last15Days: msg`Últimos 15 dias`,
  thisMonth: msg`Esse mês`,
  clear: msg`Limpar filtro`,
};

export interface DateRangePickerProps {
  label: ReactNode;
  /** The applied range. */
  value: DateRange;
  /** Called once a range is complete (second click, or a quick range). */
  onChange: (range: DateRange) => void;
  today: PlainDate;
  /** Defaults to 10 days before and after today (SPEC §2.5). */
  bounds?: DateBounds;
  /** Weekday and month names follow it (Intl). */
  locale: string;
}

/** SPEC §2.5 date-range picker: quick ranges and a month grid (role=grid, arrow keys move the focus).
 * The first click sets the start, the second the end; a click before the start restarts the range. */
export function DateRangePicker({
  label,
  value,
  onChange,
  today,
  bounds: given,
  locale,
}: DateRangePickerProps) {
  const { t, i18n } = useLingui();
  const monthId = useId();
  const gridRef = useRef<HTMLTableElement>(null);
  const focusAfterRender = useRef(false);
  const bounds = useMemo(() => given ?? defaultBounds(today), [given, today]);
  const [draft, setDraft] = useState<DraftRange | null>(value);
  const [month, setMonth] = useState(() => monthOf(value.end));
  const [focused, setFocused] = useState<PlainDate>(value.end);
  // The quick range last chosen when the bounds cut it short; the hint shows while it is the draft.
  const [clamped, setClamped] = useState<DateRange | null>(null);

  const valueKey = `${value.start}/${value.end}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new applied range (by key) resets the picker.
  useEffect(() => {
    setDraft(value);
    setMonth(monthOf(value.end));
    setFocused(value.end);
  }, [valueKey]);

  useEffect(() => {
    if (!focusAfterRender.current) return;
    focusAfterRender.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  });

  const fmt = (d: PlainDate, options: Intl.DateTimeFormatOptions) => d.toLocaleString(locale, options);
  const short = (d: PlainDate) => fmt(d, { day: '2-digit', month: '2-digit', year: 'numeric' });
  const weeks = monthGrid(month);
  const sunday = weekStart(today);
  const weekdays = Array.from({ length: 7 }, (_, i) => sunday.add({ days: i }));
  const inMonth = (d: PlainDate) => d.month === month.month && d.year === month.year;
  const tabbable =
    inMonth(focused) && isWithin(focused, bounds)
      ? focused
      : weeks.flat().find((d) => inMonth(d) && isWithin(d, bounds));
  const active = matchingQuickRange(draft, today, bounds);

  const choose = (day: PlainDate) => {
    const next = pickDay(draft, day, bounds);
    setDraft(next);
    setFocused(day);
    if (isComplete(next)) onChange({ start: next.start, end: next.end });
  };
  const chooseQuick = (id: QuickRangeId) => {
    const range = quickRange(id, today, bounds);
    setClamped(isQuickRangeClamped(id, today, bounds) ? range : null);
    setDraft(range);
    setMonth(monthOf(range.end));
    setFocused(range.end);
    onChange(range);
  };
  const onGridKey = (event: KeyboardEvent<HTMLTableElement>) => {
    const next = moveFocus(focused, event.key, bounds);
    if (!next) return;
    event.preventDefault();
    focusAfterRender.current = true;
    setFocused(next);
    setMonth(monthOf(next));
  };

  const minDate = short(bounds.min);
  const maxDate = short(bounds.max);
  const summary = isComplete(draft)
    ? t`De ${short(draft.start)} até ${short(draft.end)}`
    : draft
      ? t`Início: ${short(draft.start)}. Selecione a data final.`
      : t`Selecione a data inicial.`;

  return (
    <fieldset className={css.picker}>
      <legend className={css.label}>{label}</legend>
      <p className={css.summary} aria-live="polite" data-testid="date-range-summary">
        {summary}
      </p>
      {clamped && sameRange(clamped, draft) ? (
        <p className={css.hint} role="status" data-testid="date-range-clamped">
          <Trans>
            Período limitado às datas permitidas: {minDate} a {maxDate}.
          </Trans>
        </p>
      ) : null}
      <div className={css.body}>
        <fieldset className={css.quick}>
          <legend className={css.hiddenLegend}>
            <Trans>Períodos rápidos</Trans>
          </legend>
          {QUICK_RANGES.map((id) => (
            <button
              key={id}
              type="button"
              className={css.quickButton}
              aria-pressed={active === id}
              onClick={() => chooseQuick(id)}
            >
              {i18n._(QUICK_LABELS[id])}
            </button>
          ))}
        </fieldset>
        <div className={css.calendar}>
          <div className={css.monthHead}>
            <button
              type="button"
              className={css.navButton}
              aria-label={t`Mês anterior`}
              disabled={!canShowPreviousMonth(month, bounds)}
              onClick={() => setMonth(month.subtract({ months: 1 }))}
            >
              <ChevronIcon flip />
            </button>
            <p id={monthId} className={css.monthTitle} aria-live="polite">
              {capitalize(fmt(month, { month: 'long', year: 'numeric' }), locale)}
            </p>
            <button
              type="button"
              className={css.navButton}
              aria-label={t`Próximo mês`}
              disabled={!canShowNextMonth(month, bounds)}
              onClick={() => setMonth(month.add({ months: 1 }))}
            >
              <ChevronIcon />
            </button>
          </div>
          <table
            ref={gridRef}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA date-grid pattern is a table with role=grid.
            role="grid"
            className={css.grid}
            aria-labelledby={monthId}
            onKeyDown={onGridKey}
          >
            <thead>
              <tr>
                {weekdays.map((d) => (
                  <th
                    key={d.dayOfWeek}
                    scope="col"
                    abbr={fmt(d, { weekday: 'long' })}
                    className={css.weekday}
                  >
                    {fmt(d, { weekday: 'short' }).replace('.', '')}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={week[0]?.toString()}>
                  {week.map((d) => {
                    if (!inMonth(d)) return <td key={d.toString()} className={css.cell} />;
                    const selected = inRange(d, draft);
                    const edge =
                      !!draft && (d.equals(draft.start) || (draft.end !== null && d.equals(draft.end)));
                    return (
                      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: grid cell of the date grid; its button takes the focus.
                      // biome-ignore lint/a11y/useFocusableInteractive: the cell's button is the focusable part (roving tabindex).
                      <td key={d.toString()} role="gridcell" aria-selected={selected} className={css.cell}>
                        <button
                          type="button"
                          className={css.day}
                          tabIndex={tabbable?.equals(d) ? 0 : -1}
                          disabled={!isWithin(d, bounds)}
                          aria-label={fmt(d, {
                            weekday: 'long',
                            day: 'numeric',
                            month: 'long',
                            year: 'numeric',
                          })}
                          aria-current={d.equals(today) ? 'date' : undefined}
                          data-date={d.toString()}
                          data-today={d.equals(today) ? '' : undefined}
                          data-in-range={selected ? '' : undefined}
                          data-edge={edge ? '' : undefined}
                          onClick={() => choose(d)}
                          onFocus={() => setFocused(d)}
                        >
                          {d.day}
                        </button>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </fieldset>
  );
}

/** 'novembro de 2026' → 'Novembro de 2026' (CSS capitalize would also raise 'de'). */
const capitalize = (text: string, locale: string) => text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
