import type { ReactNode } from 'react';
import { Button, Drawer, Grid, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import './editor-drawer.css';

export interface EditorDrawerProps {
  open: boolean;
  /** Cancel, the close button, Escape and the mask: the caller closes (no confirmation today). */
  onClose(): void;
  title: ReactNode;
  /** Width from the `wideFrom` breakpoint up; narrower screens get the whole width. */
  width: number;
  wideFrom: 'md' | 'lg';
  /** Read-only (no right to edit, or locked): no footer. */
  readOnly: boolean;
  /** The edited item still loading: a skeleton instead of the form. */
  loading: boolean;
  /** The edited item could not be loaded: this error (an Alert...) instead of the form. */
  failed?: ReactNode;
  /** The footer's text beside the buttons (the call's failure, what to fix first). */
  note?: ReactNode;
  /** The note stacked above the buttons (a failure banner) or on their left (a short line). */
  noteLayout: 'above' | 'beside';
  save: { text: string; onClick(): void; pending: boolean; disabled?: boolean; testId: string };
  testId: string;
  /** The form. */
  children: ReactNode;
}

/**
 * The drawer frame of an editor (a role, a template...): title, the form (a skeleton while the
 * item loads, an error when it cannot), and a footer with the note, cancel and save; phones get
 * the whole width. The form, its values and the save call stay with the caller.
 */
export function EditorDrawer(p: EditorDrawerProps) {
  const { t } = useTranslation('common');
  const screens = Grid.useBreakpoint();
  const buttons = (
    <Space className="editor-drawer-buttons">
      <Button onClick={p.onClose}>{t('cancel')}</Button>
      <Button
        type="primary"
        loading={p.save.pending}
        disabled={p.save.disabled}
        onClick={p.save.onClick}
        data-testid={p.save.testId}
      >
        {p.save.text}
      </Button>
    </Space>
  );
  return (
    <Drawer
      open={p.open}
      onClose={p.onClose}
      title={p.title}
      size={screens[p.wideFrom] ? p.width : '100%'}
      destroyOnHidden
      data-testid={p.testId}
      footer={
        p.readOnly ? null : (
          <div className={`editor-drawer-footer is-${p.noteLayout}`}>
            {p.noteLayout === 'beside' ? (p.note ?? <span />) : p.note}
            {buttons}
          </div>
        )
      }
    >
      {p.failed ? p.failed : p.loading ? <Skeleton active paragraph={{ rows: 8 }} /> : p.children}
    </Drawer>
  );
}
