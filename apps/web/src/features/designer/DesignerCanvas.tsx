import {
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type DragEvent,
  type PointerEvent,
  type RefObject,
} from 'react';
import Moveable from 'react-moveable';
import Selecto, { type OnDragStart as OnSelectoDragStart, type OnSelectEnd } from 'react-selecto';
import type { ScreenDocument, ScreenWidgetType } from '@hmi/domain';
import { CanvasBox } from './CanvasBox.tsx';
import { DragFrames, widgetIdOf } from './drag-frames.ts';
import { DragSnapping, type SnapContext } from './drag-snapping.ts';
import type { EditorAction } from './editor-state.ts';
import { GroupFrames, type GroupTarget } from './group-frames.ts';
import { groupOf, GroupProxy } from './GroupProxy.tsx';
import { moveableHandlers } from './moveable-handlers.ts';
import { PALETTE_MIME, paletteTypeOf } from './palette-drag.ts';

/*
 * The canvas: the screen at its design size, scaled by the zoom (a CSS transform of the stage,
 * so every coordinate inside is a design px), its widgets in memoised boxes, react-moveable's
 * handles on the selection (move, resize, rotate; snapping to the grid, to the screen's edges
 * and centre lines and to the other widgets' edges and centres, with guide lines) and
 * react-selecto's rubber band (shift adds and removes). A gesture restyles the boxes directly
 * (DragFrames) and commits one editor step at its end. Locked widgets can be selected but get
 * no handles; widgets dropped from the palette are added where they land.
 *
 * Several movable widgets selected: moveable's target is one proxy box covering them (the box
 * its own group drew, with each widget's outline inside; GroupProxy), not the widgets: moveable's
 * group measured and re-rendered every target on every pointer move (50 widgets: about 12 ms a
 * move), one box is one measurement and one snap. GroupFrames places the widgets from the
 * proxy's frame once an animation frame; the group keeps its aspect ratio when resized, as
 * moveable's group did.
 */

interface Props {
  doc: ScreenDocument;
  selection: readonly string[];
  hidden: ReadonlySet<string>;
  zoom: number;
  /** Grid step in design px; 0: no grid snapping. */
  grid: number;
  showGrid: boolean;
  readOnly: boolean;
  dispatch(action: EditorAction): void;
  /** A palette item dropped at a design point. */
  onDropType(type: ScreenWidgetType, at: { x: number; y: number }): void;
  bindingLabel(widget: ScreenDocument['widgets'][number]): string | undefined;
  assetUrl: ((assetId: number) => string) | undefined;
}

/** On-screen px under which a box gets corner handles only (edge handles would cover its middle, where a drag starts). */
const SMALL_BOX_PX = 48;
const CORNERS = ['nw', 'ne', 'sw', 'se'];
const ALL_DIRECTIONS = ['nw', 'n', 'ne', 'w', 'e', 'sw', 's', 'se'];

const SNAP_DIRECTIONS = { left: true, top: true, right: true, bottom: true, center: true, middle: true };
/** Other widgets offered as snap targets (the nearest by document order beyond this are left out). */
const MAX_GUIDE_ELEMENTS = 400;

/** The screen's background colour and picture (stretched, as the runtime draws it). */
function stageBackground(doc: ScreenDocument, assetUrl: Props['assetUrl']): CSSProperties {
  const id = doc.background.imageAssetId;
  const url = id !== undefined ? assetUrl?.(id) : undefined;
  return {
    backgroundColor: doc.background.color,
    ...(url ? { backgroundImage: `url(${JSON.stringify(url)})`, backgroundSize: '100% 100%' } : {}),
  };
}

function boxesOf(stage: HTMLElement | null): HTMLElement[] {
  return stage ? [...stage.querySelectorAll<HTMLElement>('.designer-layer > .designer-box')] : [];
}

/**
 * Gesture handlers for moveable: one box's frames, or the group's through its proxy (`groupRef`);
 * drags snap through our DragSnapping (`snapContext`: what it snaps to now).
 */
function useGestures(
  dispatch: Props['dispatch'],
  docRef: RefObject<ScreenDocument>,
  snapContext: () => Omit<SnapContext, 'doc'>,
) {
  const groupRef = useRef<GroupTarget | undefined>(undefined);
  const handlers = useMemo(() => {
    const widgetOf = (id: string) => docRef.current.widgets.find((w) => w.id === id);
    const frames = new DragFrames(widgetOf);
    const group = new GroupFrames(frames, () => groupRef.current, widgetOf);
    const snapping = new DragSnapping(() => ({ ...snapContext(), doc: docRef.current }));
    const idsOf = (el: Element): string[] => {
      const boxes = group.owns(el) ? (groupRef.current?.members ?? []) : [el];
      return boxes.map((b) => widgetIdOf(b)).filter((id): id is string => id !== undefined);
    };
    return moveableHandlers(frames, group, (changes) => dispatch({ type: 'geometry', changes }), {
      begin: (el) => snapping.begin(idsOf(el)),
      apply: (tx, ty) => snapping.apply(tx, ty),
      end: () => snapping.end(),
    });
  }, [dispatch, docRef, snapContext]);
  return { handlers, groupRef };
}

/** A press on a resize or rotation handle (moveable snaps those; drags snap through DragSnapping). */
const onHandle = (target: EventTarget | null) =>
  target instanceof Element &&
  target.closest('.moveable-control, .moveable-rotation-control, .moveable-rotation') !== null;

/**
 * What a drag snaps to now (read when it begins) and the stage's guide layer; whether moveable
 * snaps (`handles`: the press was on a resize or rotation handle, which moveable snaps itself).
 */
function useSnapSetting(hidden: ReadonlySet<string>, zoom: number, grid: number) {
  const layerRef = useRef<HTMLDivElement>(null);
  const settings = useRef({ hidden, zoom, grid });
  settings.current = { hidden, zoom, grid };
  const context = useMemo(() => () => ({ ...settings.current, layer: layerRef.current }), []);
  const [handles, setHandles] = useState(false);
  const onPointerDownCapture = useCallback((e: PointerEvent) => setHandles(onHandle(e.target)), []);
  return { context, layerRef, handles, onPointerDownCapture };
}

/** Palette items dropped on the stage are added where they land (design px). */
function usePaletteDrop(stageRef: RefObject<HTMLDivElement | null>, zoom: number, props: Props) {
  const onDragOver = (e: DragEvent) => {
    if (!props.readOnly && e.dataTransfer.types.includes(PALETTE_MIME)) {
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
    }
  };
  const onDrop = (e: DragEvent) => {
    const type = paletteTypeOf(e.dataTransfer);
    const stage = stageRef.current;
    if (props.readOnly || !type || !stage) return;
    e.preventDefault();
    const rect = stage.getBoundingClientRect();
    props.onDropType(type, { x: (e.clientX - rect.left) / zoom, y: (e.clientY - rect.top) / zoom });
  };
  return { onDragOver, onDrop };
}

export function DesignerCanvas(props: Props) {
  const { doc, selection, hidden, zoom, grid, showGrid, readOnly, dispatch } = props;
  // A state, not a ref: Selecto needs the element on the render after it exists.
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const proxyRef = useRef<HTMLDivElement>(null);
  const moveableRef = useRef<Moveable>(null);
  const selectoRef = useRef<Selecto>(null);
  const docRef = useRef(doc);
  docRef.current = doc;
  const [targets, setTargets] = useState<HTMLElement[]>([]);
  const [guides, setGuides] = useState<HTMLElement[]>([]);
  /** The smallest side (design px) of the boxes with handles. */
  const [smallest, setSmallest] = useState(Infinity);
  const snap = useSnapSetting(hidden, zoom, grid);
  const { handlers, groupRef } = useGestures(dispatch, docRef, snap.context);
  const group = useMemo(() => groupOf(doc, selection, readOnly), [doc, selection, readOnly]);

  // The selection's boxes get the handles (locked ones do not), several through their proxy;
  // the others are snap targets.
  useLayoutEffect(() => {
    const chosen = new Set(selection);
    const locked = new Set(doc.widgets.filter((w) => w.locked).map((w) => w.id));
    const boxes = boxesOf(stageRef.current);
    const selected = boxes.filter((el) => chosen.has(widgetIdOf(el) ?? ''));
    const movable = readOnly ? [] : selected.filter((el) => !locked.has(widgetIdOf(el) ?? ''));
    const proxy = proxyRef.current;
    groupRef.current = group && proxy ? { proxy, box: group.box, members: movable } : undefined;
    setTargets(group && proxy ? [proxy] : movable);
    const sides = group
      ? [group.box.w, group.box.h]
      : doc.widgets.filter((w) => chosen.has(w.id) && !w.locked).map((w) => Math.min(w.w, w.h));
    setSmallest(sides.length > 0 ? Math.min(...sides) : Infinity);
    setGuides(
      boxes
        .filter((el) => !chosen.has(widgetIdOf(el) ?? '') && !el.classList.contains('is-hidden'))
        .slice(0, MAX_GUIDE_ELEMENTS),
    );
    selectoRef.current?.setSelectedTargets(selected);
  }, [selection, doc.widgets, hidden, readOnly, group, groupRef]);

  // After a step the boxes moved: the handles follow.
  useLayoutEffect(() => {
    moveableRef.current?.updateRect();
  }, [doc, zoom, targets]);

  const onSelectoDragStart = useCallback(
    (e: OnSelectoDragStart) => {
      const target = e.inputEvent.target as Element;
      const moveable = moveableRef.current;
      if (moveable?.isMoveableElement(target) || targets.some((t) => t === target || t.contains(target)))
        e.stop();
    },
    [targets],
  );
  const onSelectEnd = useCallback(
    (e: OnSelectEnd) => {
      const ids = e.selected.map((el) => widgetIdOf(el)).filter((id): id is string => id !== undefined);
      dispatch({ type: 'select', ids });
      if (e.isDragStartEnd && !readOnly) {
        // Pressed on an unselected widget and moved: drag it at once.
        e.inputEvent.preventDefault();
        const moveable = moveableRef.current;
        void moveable?.waitToChangeTarget().then(() => moveable.dragStart(e.inputEvent));
      }
    },
    [dispatch, readOnly],
  );

  const { onDragOver, onDrop } = usePaletteDrop(stageRef, zoom, props);

  const { width, height } = doc.size;
  return (
    <div
      className="designer-viewport"
      ref={setViewport}
      onDragOver={onDragOver}
      onDrop={onDrop}
      onPointerDownCapture={snap.onPointerDownCapture}
      data-testid="designer-canvas"
    >
      <div className="designer-stage-room" style={{ width: width * zoom + 64, height: height * zoom + 64 }}>
        <div
          className="designer-stage"
          ref={stageRef}
          style={{
            width,
            height,
            transform: `scale(${zoom})`,
            ...stageBackground(doc, props.assetUrl),
            ...{ '--designer-px': `${1 / zoom}px` },
          }}
          data-testid="designer-stage"
        >
          {showGrid && grid > 0 ? (
            <div className="designer-grid" style={{ backgroundSize: `${grid}px ${grid}px` }} />
          ) : null}
          <div className="designer-layer">
            {doc.widgets.map((w) => (
              <CanvasBox
                key={w.id}
                widget={w}
                hidden={hidden.has(w.id)}
                bindingLabel={props.bindingLabel(w)}
                assetUrl={props.assetUrl}
              />
            ))}
          </div>
          <div className="designer-guides" ref={snap.layerRef} />
          {group ? <GroupProxy key={group.key} group={group} ref={proxyRef} /> : null}
          <Moveable
            ref={moveableRef}
            target={targets}
            zoom={1 / zoom}
            draggable
            resizable
            rotatable
            keepRatio={group !== undefined}
            snappable={snap.handles}
            origin={false}
            renderDirections={smallest * zoom < SMALL_BOX_PX ? CORNERS : ALL_DIRECTIONS}
            throttleRotate={1}
            snapGridWidth={grid}
            snapGridHeight={grid}
            snapThreshold={5}
            isDisplaySnapDigit
            snapDirections={SNAP_DIRECTIONS}
            elementSnapDirections={SNAP_DIRECTIONS}
            elementGuidelines={guides}
            verticalGuidelines={[0, width / 2, width]}
            horizontalGuidelines={[0, height / 2, height]}
            {...handlers}
          />
        </div>
      </div>
      <Selecto
        ref={selectoRef}
        dragContainer={viewport}
        selectableTargets={['.designer-layer > .designer-box:not(.is-hidden)']}
        selectByClick
        selectFromInside={false}
        toggleContinueSelect={['shift']}
        hitRate={0}
        ratio={0}
        onDragStart={onSelectoDragStart}
        onSelectEnd={onSelectEnd}
      />
    </div>
  );
}
