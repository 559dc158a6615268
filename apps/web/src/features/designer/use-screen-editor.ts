import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  emptyScreenDocument,
  migrateScreenDocument,
  ScreenDocumentError,
  type ProjectScreen,
  type ScreenDocument,
} from '@hmi/domain';
import { toastFailure } from '../../shared/feedback/toast-failure.ts';
import { designerApi, designerKeys } from './designer.api.ts';
import { editorReducer, initEditor, isDirty } from './editor-state.ts';
import { conflictVersionOf } from './save-outcome.ts';

/*
 * One screen in the designer: loaded once (a later refetch never replaces what is being edited),
 * edited through the editor state, saved over the version it was loaded at. A save that another
 * one beat is a conflict (the dialog offers their version or going on editing; nothing is ever
 * written over silently); after "reload theirs" the editor holds their document and its version.
 */

/** The screen as loaded: its place, name and the version the next save names. */
export interface LoadedScreen {
  id: number;
  projectId: number;
  name: string;
  version: number;
}

function readDocument(reply: ProjectScreen): ScreenDocument | ScreenDocumentError {
  try {
    return migrateScreenDocument(reply.document);
  } catch (e) {
    if (e instanceof ScreenDocumentError) return e;
    throw e;
  }
}

export function useScreenEditor(screenId: number | undefined) {
  const client = useQueryClient();
  const screen = useQuery({
    queryKey: designerKeys.screen(screenId ?? 0),
    queryFn: () => designerApi.screen(screenId ?? 0),
    enabled: screenId !== undefined,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
  const [state, dispatch] = useReducer(editorReducer, undefined, () => initEditor(emptyScreenDocument()));
  const [loaded, setLoaded] = useState<LoadedScreen | null>(null);
  const [unreadable, setUnreadable] = useState<ScreenDocumentError | null>(null);
  const [saving, setSaving] = useState(false);
  /** The version a save lost to (the conflict dialog is open while set). */
  const [conflict, setConflict] = useState<number | null>(null);

  const take = useCallback((reply: ProjectScreen) => {
    const doc = readDocument(reply);
    if (doc instanceof ScreenDocumentError) return setUnreadable(doc);
    setUnreadable(null);
    dispatch({ type: 'load', doc });
    setLoaded({ id: reply.id, projectId: reply.project_id, name: reply.name, version: reply.version });
  }, []);

  const firstLoad = useRef<number | null>(null);
  useEffect(() => {
    if (!screen.data || firstLoad.current === screen.data.id) return;
    firstLoad.current = screen.data.id;
    take(screen.data);
  }, [screen.data, take]);

  const stateRef = useRef(state);
  stateRef.current = state;

  const save = useCallback(async () => {
    const current = stateRef.current;
    if (!loaded || saving) return;
    const sent = current.doc;
    setSaving(true);
    try {
      const reply = await designerApi.save({ id: loaded.id, version: loaded.version, document: sent });
      dispatch({ type: 'saved', doc: sent });
      setLoaded((l) => (l ? { ...l, version: reply.version, name: reply.name } : l));
      client.setQueryData(designerKeys.screen(reply.id), reply);
      void client.invalidateQueries({ queryKey: designerKeys.project(loaded.projectId) });
      void client.invalidateQueries({ queryKey: ['project', 'list'] });
    } catch (e) {
      const lostTo = conflictVersionOf(e);
      if (lostTo !== undefined) setConflict(lostTo);
      else toastFailure(e);
    } finally {
      setSaving(false);
    }
  }, [loaded, saving, client]);

  /** Drops this editor's changes for the stored screen (the conflict dialog's "reload theirs"). */
  const reloadTheirs = useCallback(async () => {
    if (!loaded) return;
    try {
      const reply = await client.fetchQuery({
        queryKey: designerKeys.screen(loaded.id),
        queryFn: () => designerApi.screen(loaded.id),
        staleTime: 0,
      });
      take(reply);
      setConflict(null);
    } catch (e) {
      toastFailure(e);
    }
  }, [loaded, client, take]);

  return {
    screen,
    state,
    dispatch,
    loaded,
    unreadable,
    dirty: isDirty(state),
    saving,
    save,
    conflict,
    keepEditing: () => setConflict(null),
    reloadTheirs,
  };
}
