import { useCallback, useState } from 'react';
import { Modal, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpoint } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { toastFailure } from '../../shared/feedback/toast-failure.ts';
import { useDeleteWebhook, useTestWebhook, useWebhookList } from '../../features/webhook/use-webhooks.ts';
import type { WebhookEditorState } from '../../features/webhook/WebhookEditor.tsx';

/** The webhook screen's state: the list, the editor, the secret shown once, the log, tests and deletes. */
export function useWebhooksPage() {
  const { t } = useTranslation('webhook');
  const list = useWebhookList();
  const reply = list.data;
  const { mutateAsync: remove } = useDeleteWebhook();
  const test = useTestWebhook();
  const [editor, setEditor] = useState<WebhookEditorState>();
  const [secret, setSecret] = useState<string>();
  const [logOf, setLogOf] = useState<WebhookEndpoint>();
  const [modal, holder] = Modal.useModal();

  const openAdd = useCallback(() => setEditor({ mode: 'add' }), []);
  const openEdit = useCallback((endpoint: WebhookEndpoint) => setEditor({ mode: 'edit', endpoint }), []);
  const closeEditor = useCallback(() => setEditor(undefined), []);
  const created = useCallback(
    (endpoint: WebhookEndpoint, s: string) => {
      setEditor(undefined);
      setSecret(s);
      successToast(t('created', { name: endpoint.name }));
    },
    [t],
  );
  const saved = useCallback(
    (endpoint: WebhookEndpoint) => {
      setEditor(undefined);
      successToast(t('saved', { name: endpoint.name }));
    },
    [t],
  );

  const sendTest = useCallback(
    (endpoint: WebhookEndpoint) =>
      void test.mutateAsync(endpoint.id).then(() => {
        successToast(t('test.sent', { name: endpoint.name }));
        setLogOf(endpoint);
      }, toastFailure),
    [t, test],
  );

  const confirmDelete = useCallback(
    (endpoint: WebhookEndpoint) =>
      void modal.confirm({
        title: t('delete.title', { name: endpoint.name }),
        content: t('delete.text'),
        okText: t('delete.submit'),
        okButtonProps: { danger: true, 'data-testid': 'webhook-delete-confirm' } as ButtonProps,
        cancelText: t('common:cancel'),
        onOk: () =>
          remove(endpoint.id).then(
            () => successToast(t('delete.done', { name: endpoint.name })),
            toastFailure,
          ),
      }),
    [modal, t, remove],
  );

  return {
    holder,
    list,
    reply,
    limitReached: reply !== undefined && reply.list.length >= reply.max,
    editor,
    openAdd,
    openEdit,
    closeEditor,
    created,
    saved,
    secret,
    closeSecret: useCallback(() => setSecret(undefined), []),
    logOf,
    openLog: setLogOf,
    closeLog: useCallback(() => setLogOf(undefined), []),
    testing: test.isPending ? test.variables : undefined,
    sendTest,
    confirmDelete,
  };
}
