// /model/zone/builder?zone={id}: draw and edit a zone's outline on its local map. Mouse: a click on
// the map adds a corner after the selected one, a corner is dragged to move it. Keyboard (the map
// focused): PageUp / PageDown choose a corner, the arrows move it a grid step (Shift: ten), Insert
// or + adds one halfway along the next edge, Delete removes it, Ctrl+Z / Ctrl+Y undo and redo.
// The corners are also a table of numbers. An outline is checked by core's rule while it is drawn
// and by the services when it is saved (PATCH /zone/{id} {points}); the other zones of the same
// site are drawn faintly for reference.
import { useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { OUTLINE_EXTENT, checkOutline } from '@portico/core';
import type { OutlineCheck, OutlinePoint } from '@portico/core';
import type { ApiRow, SiteMap } from '../api-client.ts';
import { lowerFirst } from '../labels.ts';
import { useLegacy } from '../legacy-context.tsx';
import { TableRegion } from './table-region.tsx';
import { describeError } from '../messages.ts';
import { RESOURCES } from '../resources.ts';
import { detailPathOf } from '../routes.ts';
import { DraftOffer } from './form-parts.tsx';
import { ReferenceCombobox } from './reference-combobox.tsx';
import { RouteLink } from './route-link.tsx';
import { ErrorPanel, FormError, FormSkeleton, NoPermission } from './status-views.tsx';
import { useMapImageUrl } from './sites-page.tsx';
import { useUnsavedDraft } from './use-unsaved-draft.ts';
import { useBusyAction } from './use-busy-action.ts';
import {
  builderReducer,
  initialBuilderState,
  outlineText,
  readOutline,
} from './zone-builder-state.ts';

const GRID_STEPS = [0, 10, 25, 50] as const;
const NO_SECRETS: ReadonlySet<string> = new Set();
/** The most zones of the site drawn beside the one being edited. */
const MAX_NEIGHBOURS = 200;

const pointsAttribute = (points: readonly OutlinePoint[]) =>
  points.map(({ x, y }) => `${x},${y}`).join(' ');

/** The zone's id in the builder's address (`?zone=12`), or null. */
export function zoneOfQuery(query: string): number | null {
  const value = Number(new URLSearchParams(query).get('zone'));
  return Number.isInteger(value) && value > 0 ? value : null;
}

export function ZoneBuilderPage({ query }: { query: string }) {
  const { api, t, permissions, resourceLabel, oneLabel, navigate } = useLegacy();
  const zoneDef = RESOURCES.zone!;
  const zoneId = zoneOfQuery(query);
  const words = { zones: lowerFirst(resourceLabel(zoneDef)), zone: lowerFirst(oneLabel(zoneDef)) };
  const title = t('page.zoneBuilder', words).replace(/^./u, (first) => first.toLocaleUpperCase());
  const canRead = permissions.has('zone:r');
  const canEdit = permissions.has('zone:u');
  const pickerId = useId();
  const helpId = useId();

  const [zone, setZone] = useState<ApiRow | null>(null);
  const [neighbours, setNeighbours] = useState<ApiRow[]>([]);
  // the local map of the zone's site, drawn under the outline (null: its site has none)
  const [siteMap, setSiteMap] = useState<{ site: { name: string }; map: SiteMap } | null>(null);
  const mapUrl = useMapImageUrl(siteMap?.map ?? null);
  const [saved, setSaved] = useState<OutlinePoint[]>([]);
  const [loadError, setLoadError] = useState('');
  const [reloads, setReloads] = useState(0);
  const [state, dispatch] = useReducer(builderReducer, undefined, () => initialBuilderState());
  const { busy: saving, error: saveError, setError: setSaveError, run } = useBusyAction();
  const [status, setStatus] = useState('');
  const [drag, setDrag] = useState<{ index: number; at: OutlinePoint } | null>(null);
  const canvas = useRef<SVGSVGElement>(null);

  useEffect(() => {
    if (!canRead || zoneId === null) return;
    let active = true;
    setLoadError('');
    setZone(null);
    api
      .get('zone', zoneId)
      .then(async (row) => {
        if (!active) return;
        const points = readOutline(row.points);
        setZone(row);
        setSaved(points);
        dispatch({ type: 'load', points });
        setSiteMap(null);
        if (typeof row.groupId === 'number')
          api
            .groupLocalMap(row.groupId)
            .then((found) => active && setSiteMap(found))
            .catch(() => undefined); // no map to draw under: the builder works without one
        const page = await api.list('zone', {
          pageSize: MAX_NEIGHBOURS,
          pageNumber: 1,
          order: 'name:asc',
        });
        if (active)
          setNeighbours(
            page.results.filter((other) => other.id !== row.id && other.groupId === row.groupId),
          );
      })
      .catch((caught: unknown) => active && setLoadError(describeError(t, caught)));
    return () => {
      active = false;
    };
  }, [api, canRead, zoneId, reloads, t]);

  const draft = useUnsavedDraft({
    ready: zone !== null,
    editable: canEdit,
    values: { points: outlineText(state.points) },
    pristine: { points: outlineText(saved) },
    secret: NO_SECRETS,
  });

  const shown = useMemo(
    () =>
      drag
        ? state.points.map((point, index) => (index === drag.index ? drag.at : point))
        : state.points,
    [state.points, drag],
  );
  const check: OutlineCheck = checkOutline(shown);
  const problem = problemText(t, check);
  const step = state.grid || 1;

  function announce(points: readonly OutlinePoint[], index: number | null) {
    const point = index === null ? undefined : points[index];
    setStatus(
      point && index !== null
        ? t('builder.cornerAt', { number: index + 1, count: points.length, x: point.x, y: point.y })
        : '',
    );
  }

  function act(action: Parameters<typeof dispatch>[0]) {
    const next = builderReducer(state, action);
    dispatch(action);
    setSaveError(null);
    announce(next.points, next.selected);
  }

  function mapPoint(event: { clientX: number; clientY: number }): OutlinePoint | null {
    const svg = canvas.current;
    const matrix = svg?.getScreenCTM?.();
    if (!svg || !matrix) return null;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return { x: point.x, y: point.y };
  }

  function onPointerDown(event: PointerEvent<SVGSVGElement>) {
    if (!canEdit || event.button !== 0) return;
    const index = Number((event.target as Element).getAttribute('data-corner'));
    const at = mapPoint(event);
    if (!at) return;
    if ((event.target as Element).hasAttribute('data-corner')) {
      event.currentTarget.setPointerCapture?.(event.pointerId);
      dispatch({ type: 'select', index });
      setDrag({ index, at: state.points[index] as OutlinePoint });
    } else {
      act({ type: 'add', at });
    }
  }

  function onPointerMove(event: PointerEvent<SVGSVGElement>) {
    if (!drag) return;
    const at = mapPoint(event);
    if (at) setDrag({ index: drag.index, at });
  }

  function onPointerUp() {
    if (!drag) return;
    act({ type: 'move', index: drag.index, to: drag.at });
    setDrag(null);
  }

  function onKeyDown(event: KeyboardEvent<SVGSVGElement>) {
    if (!canEdit) return;
    const ctrl = event.ctrlKey || event.metaKey;
    const by = event.shiftKey ? step * 10 : step;
    const keys: Record<string, () => void> = {
      ArrowLeft: () => act({ type: 'nudge', dx: -by, dy: 0 }),
      ArrowRight: () => act({ type: 'nudge', dx: by, dy: 0 }),
      ArrowUp: () => act({ type: 'nudge', dx: 0, dy: -by }),
      ArrowDown: () => act({ type: 'nudge', dx: 0, dy: by }),
      PageDown: () => act({ type: 'select', index: (state.selected ?? -1) + 1 }),
      PageUp: () => act({ type: 'select', index: (state.selected ?? 0) - 1 }),
      Insert: () => act({ type: 'split' }),
      '+': () => act({ type: 'split' }),
      Delete: () => act({ type: 'delete' }),
      Backspace: () => act({ type: 'delete' }),
      Escape: () => act({ type: 'select', index: null }),
    };
    let handler = keys[event.key];
    if (ctrl && event.key.toLowerCase() === 'z')
      handler = () => act({ type: event.shiftKey ? 'redo' : 'undo' });
    else if (ctrl && event.key.toLowerCase() === 'y') handler = () => act({ type: 'redo' });
    else if (ctrl) handler = undefined;
    if (!handler) return;
    event.preventDefault();
    handler();
  }

  async function save() {
    if (zoneId === null) return;
    if (!check.ok) {
      setSaveError(problem);
      return;
    }
    await run(async () => {
      const row = await api.update('zone', zoneId, { points: check.points });
      const points = readOutline(row.points);
      setSaved(points);
      dispatch({ type: 'load', points });
      setStatus(t('builder.saved'));
    });
  }

  const zoneName = typeof zone?.name === 'string' ? zone.name : '';
  const dirty = outlineText(state.points) !== outlineText(saved);
  return (
    <section aria-labelledby="page-title" className="zone-builder">
      <h1 id="page-title" tabIndex={-1}>
        {zoneName ? t('form.titleWithName', { title, name: zoneName }) : title}
      </h1>
      {!canRead ? (
        <NoPermission page={resourceLabel(zoneDef)} />
      ) : (
        <>
          <div className="filter builder-picker">
            <label htmlFor={pickerId}>{t('builder.choose', words)}</label>
            <ReferenceCombobox
              id={pickerId}
              resource="zone"
              value={zoneId}
              selected={zone}
              onChange={(id) => {
                if (id !== null && id !== zoneId) navigate(`/model/zone/builder?zone=${id}`);
              }}
            />
          </div>
          {zoneId === null ? (
            <p>{t('builder.pick', words)}</p>
          ) : loadError ? (
            <ErrorPanel message={loadError} onRetry={() => setReloads((n) => n + 1)} />
          ) : !zone ? (
            <FormSkeleton label={t('builder.loading')} />
          ) : (
            <>
              <DraftOffer
                id="builder-draft"
                draft={draft}
                values={{ points: outlineText(state.points) }}
                onRestore={(restored) =>
                  act({ type: 'load', points: readOutline(restored.points) })
                }
              />
              <p>
                <RouteLink to={detailPathOf(zoneDef, zone.id)}>
                  {t('builder.openZone', { name: zoneName })}
                </RouteLink>
              </p>
              <div className="builder-toolbar" role="toolbar" aria-label={t('builder.tools')}>
                <button
                  type="button"
                  className="secondary"
                  disabled={!canEdit}
                  onClick={() => act({ type: 'split' })}
                >
                  {t('builder.addCorner')}
                </button>
                <button
                  type="button"
                  className="secondary"
                  disabled={!canEdit || state.selected === null}
                  onClick={() => act({ type: 'delete' })}
                >
                  {t('builder.deleteCorner')}
                </button>
                <button
                  type="button"
                  className="secondary"
                  disabled={!canEdit || state.undo.length === 0}
                  onClick={() => act({ type: 'undo' })}
                >
                  {t('builder.undo')}
                </button>
                <button
                  type="button"
                  className="secondary"
                  disabled={!canEdit || state.redo.length === 0}
                  onClick={() => act({ type: 'redo' })}
                >
                  {t('builder.redo')}
                </button>
                <button
                  type="button"
                  className="secondary"
                  disabled={!canEdit || state.points.length === 0}
                  onClick={() => act({ type: 'clear' })}
                >
                  {t('builder.clear')}
                </button>
                <label className="builder-grid">
                  {t('builder.grid')}
                  <select
                    value={state.grid}
                    onChange={(event) =>
                      dispatch({ type: 'grid', step: Number(event.target.value) })
                    }
                  >
                    {GRID_STEPS.map((value) => (
                      <option key={value} value={value}>
                        {value === 0
                          ? t('builder.gridOff')
                          : t('builder.gridStep', { step: value })}
                      </option>
                    ))}
                  </select>
                </label>
              </div>
              <svg
                ref={canvas}
                className={`zone-canvas${canEdit ? ' editable' : ''}`}
                viewBox={`0 0 ${OUTLINE_EXTENT} ${OUTLINE_EXTENT}`}
                role="application"
                tabIndex={0}
                aria-label={t('builder.canvas', { name: zoneName, count: shown.length })}
                aria-describedby={helpId}
                onPointerDown={onPointerDown}
                onPointerMove={onPointerMove}
                onPointerUp={onPointerUp}
                onPointerCancel={() => setDrag(null)}
                onKeyDown={onKeyDown}
              >
                <defs>
                  <pattern id="builder-grid" width="50" height="50" patternUnits="userSpaceOnUse">
                    <path d="M 50 0 L 0 0 0 50" className="grid-line" />
                  </pattern>
                </defs>
                <rect width={OUTLINE_EXTENT} height={OUTLINE_EXTENT} className="map" />
                {mapUrl ? (
                  <image
                    href={mapUrl}
                    width={OUTLINE_EXTENT}
                    height={OUTLINE_EXTENT}
                    preserveAspectRatio="xMidYMid meet"
                    className="site-map"
                    data-testid="site-map"
                  />
                ) : null}
                <rect width={OUTLINE_EXTENT} height={OUTLINE_EXTENT} fill="url(#builder-grid)" />
                {neighbours.map((other) => {
                  const points = readOutline(other.points);
                  return points.length >= 3 ? (
                    <g key={other.id} className="neighbour">
                      <polygon points={pointsAttribute(points)} />
                      <text x={points[0]?.x} y={(points[0]?.y ?? 0) - 8}>
                        {String(other.name)}
                      </text>
                    </g>
                  ) : null;
                })}
                {shown.length >= 3 ? (
                  <polygon
                    points={pointsAttribute(shown)}
                    className={check.ok ? 'outline' : 'outline invalid'}
                    style={{ fill: typeof zone.color === 'string' ? zone.color : undefined }}
                  />
                ) : shown.length === 2 ? (
                  <polyline points={pointsAttribute(shown)} className="outline open" />
                ) : null}
                {shown.map((point, index) => (
                  <circle
                    key={index}
                    data-corner={index}
                    cx={point.x}
                    cy={point.y}
                    r={index === state.selected ? 16 : 12}
                    className={index === state.selected ? 'corner selected' : 'corner'}
                  />
                ))}
              </svg>
              <p id={helpId} className="form-hint">
                {canEdit ? t('builder.help') : t('builder.readOnly')}
                {siteMap && mapUrl ? ` ${t('builder.siteMap', { name: siteMap.site.name })}` : ''}
              </p>
              <p role="status" className="form-hint builder-status">
                {status}
              </p>
              <p className={check.ok ? 'form-hint' : 'field-error'}>
                {!check.ok
                  ? problem
                  : shown.length === 0
                    ? t('builder.empty')
                    : t('builder.valid', { count: shown.length })}
              </p>
              <CornerTable
                points={state.points}
                selected={state.selected}
                disabled={!canEdit}
                onMove={(index, to) => act({ type: 'move', index, to })}
                onSelect={(index) => act({ type: 'select', index })}
              />
              <FormError message={saveError} />
              {canEdit ? (
                <div className="actions">
                  <button
                    type="button"
                    disabled={saving || !dirty}
                    aria-busy={saving || undefined}
                    onClick={() => void save()}
                  >
                    {saving ? t('builder.saving') : t('builder.save')}
                  </button>
                </div>
              ) : null}
            </>
          )}
        </>
      )}
    </section>
  );
}

/** The reason an outline is refused, in words (empty when it is accepted). */
function problemText(t: ReturnType<typeof useLegacy>['t'], check: OutlineCheck): string {
  if (check.ok) return '';
  switch (check.problem) {
    case 'outside':
      return t('builder.problem.outside', { number: check.at + 1 });
    case 'samePlace':
      return t('builder.problem.samePlace', { first: check.at[0] + 1, second: check.at[1] + 1 });
    case 'crossing':
      return t('builder.problem.crossing', { first: check.at[0] + 1, second: check.at[1] + 1 });
    case 'tooFew':
      return t('builder.problem.tooFew');
    case 'flat':
      return t('builder.problem.flat');
    default:
      return t('builder.problem.tooMany');
  }
}

/** The corners as numbers: each x and y typed, a row chosen with its button. */
function CornerTable({
  points,
  selected,
  disabled,
  onMove,
  onSelect,
}: {
  points: readonly OutlinePoint[];
  selected: number | null;
  disabled: boolean;
  onMove: (index: number, to: OutlinePoint) => void;
  onSelect: (index: number) => void;
}) {
  const { t } = useLegacy();
  if (points.length === 0) return <p>{t('builder.noCorners')}</p>;
  return (
    <TableRegion
      label={t('builder.corners')}
      caption={t('builder.corners')}
      className="corner-table"
    >
      <thead>
        <tr>
          <th scope="col">{t('builder.corner')}</th>
          <th scope="col">x</th>
          <th scope="col">y</th>
        </tr>
      </thead>
      <tbody>
        {points.map((point, index) => (
          <tr
            key={`${index}:${point.x}:${point.y}`}
            className={index === selected ? 'selected' : ''}
          >
            <th scope="row">
              <button
                type="button"
                className="secondary"
                aria-pressed={index === selected}
                onClick={() => onSelect(index)}
              >
                {t('builder.cornerNumber', { number: index + 1 })}
              </button>
            </th>
            {(['x', 'y'] as const).map((axis) => (
              <td key={axis}>
                <input
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={OUTLINE_EXTENT}
                  defaultValue={point[axis]}
                  disabled={disabled}
                  aria-label={t('builder.coordinate', { axis, number: index + 1 })}
                  onBlur={(event) => {
                    const value = Number(event.target.value);
                    if (
                      event.target.value !== '' &&
                      Number.isFinite(value) &&
                      value !== point[axis]
                    )
                      onMove(index, { ...point, [axis]: value });
                  }}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') event.currentTarget.blur();
                  }}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </TableRegion>
  );
}
