import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { createEntry, deleteEntry, toolKeys, updateEntry, type ToolEntry } from "./tools-api.ts";
import type { WidgetSpec } from "./widgets/widget.ts";

/** What the editor last did, for the status line and the alert. */
export type EditorStatus =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved" }
  | { kind: "fresh" }
  | { kind: "opened"; at: string }
  | { kind: "deleted" }
  | { kind: "failed"; error: unknown; action: "save" | "delete" }
  | { kind: "unreadable" };

type Editing = { id: string | null; value: unknown; dirty: boolean };

/**
 * The entry being edited and what the customer does with it: save (creates the first time, then
 * updates the same entry), start a new one (saving unsaved changes first), open a saved one,
 * delete one. The entries list in the query cache follows every change, newest first.
 */
export function useToolEditor(toolName: string, spec: WidgetSpec<unknown, unknown>, config: unknown) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(() => ({ id: null, value: spec.blank(config), dirty: false }));
  const [status, setStatus] = useState<EditorStatus>({ kind: "idle" });
  const key = toolKeys.entries(toolName);
  const putEntry = (entry: ToolEntry) => queryClient.setQueryData<ToolEntry[]>(key, (list = []) => [entry, ...list.filter((e) => e.id !== entry.id)]);

  const change = (value: unknown) => {
    setEditing((current) => ({ ...current, value, dirty: true }));
    if (status.kind !== "failed" && status.kind !== "saving") setStatus({ kind: "idle" });
  };

  const save = async (): Promise<boolean> => {
    const sent = editing;
    setStatus({ kind: "saving" });
    try {
      const entry = sent.id ? await updateEntry(toolName, sent.id, sent.value) : await createEntry(toolName, sent.value);
      putEntry(entry);
      setEditing((current) => ({ id: entry.id, value: current.value, dirty: current.value !== sent.value }));
      setStatus({ kind: "saved" });
      return true;
    } catch (error) {
      setStatus({ kind: "failed", error, action: "save" });
      return false;
    }
  };

  /** Saves unsaved changes first; true when the editor now holds a fresh entry. */
  const startNew = async (): Promise<boolean> => {
    if (editing.dirty && !(await save())) return false;
    setEditing({ id: null, value: spec.blank(config), dirty: false });
    setStatus({ kind: "fresh" });
    return true;
  };

  /** True when the entry could be read back into the widget. */
  const open = (entry: ToolEntry): boolean => {
    const value = spec.fromSaved(config, entry.data);
    if (value === null) {
      setStatus({ kind: "unreadable" });
      return false;
    }
    setEditing({ id: entry.id, value, dirty: false });
    setStatus({ kind: "opened", at: entry.updated_at });
    return true;
  };

  const remove = async (entry: ToolEntry): Promise<boolean> => {
    try {
      await deleteEntry(toolName, entry.id);
      queryClient.setQueryData<ToolEntry[]>(key, (list = []) => list.filter((e) => e.id !== entry.id));
      if (editing.id === entry.id) setEditing({ id: null, value: spec.blank(config), dirty: false });
      setStatus({ kind: "deleted" });
      return true;
    } catch (error) {
      setStatus({ kind: "failed", error, action: "delete" });
      return false;
    }
  };

  return { editing, status, change, save, startNew, open, remove };
}
