import { useQuery } from "@tanstack/react-query";
import { useId, useMemo, useRef } from "react";
import { ApiError } from "#web/shared/api/client.ts";
import { formatDate } from "#web/shared/dates/format-date.ts";
import { SavedEntries } from "./SavedEntries.tsx";
import { ToolHeader } from "./ToolHeader.tsx";
import { configNames, describeIssue, nestHeadings } from "./tool-text.ts";
import { toolEntriesQueryOptions, type Tool } from "./tools-api.ts";
import { useToolEditor, type EditorStatus } from "./use-tool-editor.ts";
import { widgetFor } from "./widgets/registry.ts";
import type { WidgetSpec } from "./widgets/widget.ts";

/** A loaded tool: its header, the widget of its kind with Save and Start a new one, the saved entries, the instructions. */
export function ToolWorkspace({ tool }: { tool: Tool }) {
  const spec = widgetFor(tool.kind);
  const parsed = useMemo(() => spec.config.safeParse(tool.config), [spec, tool.config]);
  return (
    <>
      <ToolHeader tool={tool} />
      <p className="tool-page__skip">
        <a href="#tool-how-to">How to use this tool</a>
      </p>
      {parsed.success ? (
        <Editor tool={tool} spec={spec} config={parsed.data} />
      ) : (
        <p className="message message--error" role="alert">
          This tool cannot be opened just now because its content has a mistake. We have been told; please try again later.
        </p>
      )}
      <section className="tool-page__how" aria-labelledby="tool-how-to">
        <h2 id="tool-how-to" className="account__panel-title" tabIndex={-1}>
          How to use this tool
        </h2>
        <div className="library-article__text" dangerouslySetInnerHTML={{ __html: nestHeadings(tool.text) }} />
      </section>
    </>
  );
}

function Editor({ tool, spec, config }: { tool: Tool; spec: WidgetSpec<unknown, unknown>; config: unknown }) {
  const id = useId();
  const editor = useToolEditor(tool.name, spec, config);
  const entries = useQuery(toolEntriesQueryOptions(tool.name));
  const { Component } = spec;
  const saving = editor.status.kind === "saving";
  const heading = useRef<HTMLHeadingElement>(null);
  const editingEntry = entries.data?.find((e) => e.id === editor.editing.id);
  const focusEditor = () => {
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView?.({ block: "start" });
  };

  return (
    <>
      <section className="tool-page__editor" aria-labelledby={`${id}-editing`}>
        <h2 id={`${id}-editing`} ref={heading} tabIndex={-1} className="tool-page__editing">
          {editingEntry ? `Your entry of ${formatDate(editingEntry.updated_at)}` : "New entry"}
        </h2>
        <Component config={config} value={editor.editing.value} onChange={editor.change} />
        <div className="tool-page__savebar">
          <Problem status={editor.status} config={config} />
          <div className="tool-page__actions">
            <button type="button" className="button button--primary" onClick={() => !saving && void editor.save()} aria-disabled={saving}>
              {saving ? "Saving…" : "Save"}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => !saving && void editor.startNew().then((fresh) => fresh && focusEditor())}
              aria-disabled={saving}
            >
              Start a new one
            </button>
            <p className="tool-page__status" role="status">
              {statusText(editor.status, editor.editing.dirty)}
            </p>
          </div>
        </div>
      </section>
      <SavedEntries
        entries={entries.data}
        error={entries.error}
        retry={() => void entries.refetch()}
        editingId={editor.editing.id}
        summary={(data) => {
          const value = spec.fromSaved(config, data);
          return value === null ? "Saved with an earlier version of this tool" : spec.summary(config, value);
        }}
        onOpen={(entry) => {
          if (editor.open(entry)) focusEditor();
        }}
        onDelete={editor.remove}
      />
    </>
  );
}

function statusText(status: EditorStatus, dirty: boolean): string {
  switch (status.kind) {
    case "saving":
      return "Saving…";
    case "saved":
      return dirty ? "" : "Saved";
    case "fresh":
      return "A new, empty entry is ready.";
    case "opened":
      return `Opened your entry saved on ${formatDate(status.at)}.`;
    case "deleted":
      return "Entry deleted.";
    default:
      return "";
  }
}

function Problem({ status, config }: { status: EditorStatus; config: unknown }) {
  if (status.kind === "unreadable") {
    return (
      <p className="message message--error" role="alert">
        This entry was saved with an earlier version of the tool and cannot be opened in it any more.
      </p>
    );
  }
  if (status.kind !== "failed") return null;
  const error = status.error;
  const issues = error instanceof ApiError ? error.issues : [];
  const what = status.action === "save" ? "We could not save this entry" : "We could not delete this entry";
  return (
    <div className="message message--error tool-page__problem" role="alert">
      {issues.length > 0 ? (
        <>
          <p>{what}. Please check:</p>
          <ul>
            {issues.map((issue, i) => (
              <li key={i}>{describeIssue(issue, configNames(config))}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>
          {what}: {error instanceof Error ? error.message : "something went wrong"}
        </p>
      )}
    </div>
  );
}
