import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { PictureOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { markBinding, markEffect, SvgMarksDom } from './svg-marks.ts';
import { parseDrawing } from './svg-drawing.ts';
import type { BodyProps } from './widget-body.ts';
import { tagKey } from './widget-types.ts';

/*
 * The media family: image (an uploaded picture, contained in its box) and svg (an uploaded
 * drawing inline, its marked elements following tags: svg-marks.ts). Both come from the page's
 * `assetUrl`; with none (no URL, or '' while the caller still loads it) or a failed load they show a placeholder naming
 * the asset. The drawing is fetched as text and parsed as XML (svg-drawing.ts).
 */

function MissingAsset({ id, failed }: { id: number; failed?: boolean }) {
  const { t } = useTranslation('scada');
  return (
    <div className="scada-missing" data-testid="scada-missing-asset">
      <PictureOutlined />
      <span>{t(failed ? 'widget.drawingFailed' : 'widget.noAsset', { id })}</span>
    </div>
  );
}

export function ImageBody({ widget, assetUrl }: BodyProps<'image'>) {
  const url = assetUrl?.(widget.props.assetId) || undefined;
  const [failed, setFailed] = useState<string | null>(null);
  if (!url || failed === url) return <MissingAsset id={widget.props.assetId} />;
  return (
    <img
      className="scada-image"
      src={url}
      alt=""
      draggable={false}
      onError={() => setFailed(url)}
      data-testid="scada-image"
    />
  );
}

/** The drawing's text (a drawing is a few hundred KB at most: the server caps uploads). */
async function fetchDrawing(url: string, signal: AbortSignal): Promise<string> {
  const res = await fetch(url, { signal, credentials: 'same-origin' });
  if (!res.ok) throw new Error(`drawing: HTTP ${res.status}`);
  return res.text();
}

export function SvgBody({ widget, cell, assetUrl, marks }: BodyProps<'svg'>) {
  const url = assetUrl?.(widget.props.assetId) || undefined;
  const drawing = useQuery({
    queryKey: ['scada', 'drawing', url],
    queryFn: ({ signal }) => fetchDrawing(url!, signal),
    enabled: url !== undefined,
    staleTime: Infinity,
    retry: 1,
  });
  // The parsed drawing (null: no SVG drawing), made once per loaded text.
  const svg = useMemo(
    () => (drawing.data === undefined ? undefined : parseDrawing(drawing.data)),
    [drawing.data],
  );
  const hostRef = useRef<HTMLDivElement>(null);
  const [dom, setDom] = useState<{ marks: SvgMarksDom } | null>(null);

  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host || !svg) return;
    host.replaceChildren(svg);
    setDom({ marks: new SvgMarksDom(svg) });
    return () => {
      host.replaceChildren();
      setDom(null);
    };
  }, [svg]);

  // Every mark again when any value changes: a drawing has a few dozen marks, a cheap DOM write each.
  useEffect(() => {
    if (!dom) return;
    for (const mark of widget.props.marks) {
      const binding = markBinding(mark, widget.binding);
      const own = mark.binding ? marks?.get(tagKey(mark.binding.deviceId, mark.binding.tagId)) : cell;
      dom.marks.apply(mark.selector, markEffect(mark, own, binding?.transform));
    }
  }, [dom, widget, cell, marks]);

  if (!url || drawing.isError || svg === null)
    return <MissingAsset id={widget.props.assetId} failed={url !== undefined} />;
  return <div ref={hostRef} className="scada-fill scada-drawing" data-testid="scada-svg" />;
}
