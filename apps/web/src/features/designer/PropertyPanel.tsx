import type { ReactNode } from 'react';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScreenDocument, ScreenWidget, ScreenWidgetType } from '@hmi/domain';
import { ActionsEditor } from './ActionsEditor.tsx';
import { BindingSection } from './BindingSection.tsx';
import type { EditorAction } from './editor-state.ts';
import { GeometryFields, ZoneField } from './GeometryFields.tsx';
import { ScreenSettings } from './ScreenSettings.tsx';
import { WidgetPropsForm } from './WidgetPropsForm.tsx';

/*
 * The property panel: the screen's settings while nothing is selected, the selected widget's
 * geometry, props, binding (with its transform), actions and zone while one is, and a count
 * (the toolbar arranges them) while several are. Each section's form is keyed by the widget, so
 * selecting another widget starts its forms afresh.
 */

/** The types whose binding is read (or written): the others have no binding section. */
const BOUND: ReadonlySet<ScreenWidgetType> = new Set([
  'text',
  'numeric',
  'lamp',
  'bar',
  'gauge',
  'trend',
  'numeric-input',
  'text-input',
  'switch',
  'svg',
]);
/** Writes, and so may need a zone: inputs, switches and buttons. */
const WRITES: ReadonlySet<ScreenWidgetType> = new Set(['numeric-input', 'text-input', 'switch', 'button']);

export const hasBinding = (type: ScreenWidgetType) => BOUND.has(type);

interface Props {
  doc: ScreenDocument;
  selection: readonly string[];
  dispatch(action: EditorAction): void;
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="designer-section" data-testid={testId}>
      <h3 className="designer-section-title">{title}</h3>
      {children}
    </section>
  );
}

function WidgetPanel({ widget, dispatch }: { widget: ScreenWidget; dispatch(action: EditorAction): void }) {
  const { t } = useTranslation('designer');
  return (
    <div key={widget.id} data-testid="designer-widget-panel">
      <div className="designer-panel-head">
        <span className="designer-panel-type">{t(`type.${widget.type}`)}</span>
        <span className="designer-panel-id">{widget.id}</span>
      </div>
      <Section title={t('section.geometry')}>
        <GeometryFields widget={widget} dispatch={dispatch} />
      </Section>
      <Section title={t('section.props')}>
        <WidgetPropsForm widget={widget} dispatch={dispatch} />
      </Section>
      {hasBinding(widget.type) ? (
        <Section title={t('section.binding')} testId="designer-section-binding">
          <BindingSection widget={widget} dispatch={dispatch} />
        </Section>
      ) : null}
      {widget.type === 'button' ? (
        <Section title={t('section.actions')}>
          <ActionsEditor widget={widget} dispatch={dispatch} />
        </Section>
      ) : null}
      {WRITES.has(widget.type) ? (
        <Section title={t('section.zone')}>
          <ZoneField widget={widget} dispatch={dispatch} />
        </Section>
      ) : null}
    </div>
  );
}

export function PropertyPanel({ doc, selection, dispatch }: Props) {
  const { t } = useTranslation('designer');
  const only = selection.length === 1 ? doc.widgets.find((w) => w.id === selection[0]) : undefined;
  return (
    <div className="designer-properties" data-testid="designer-properties">
      {only ? (
        <WidgetPanel key={only.id} widget={only} dispatch={dispatch} />
      ) : selection.length > 1 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('panel.many', { count: selection.length })}
        />
      ) : (
        <Section title={t('section.screen')}>
          <ScreenSettings doc={doc} dispatch={dispatch} />
        </Section>
      )}
    </div>
  );
}
