import "./PageLoading.css";

type Props = {
  /** What is loading, read out by screen readers. */
  label?: string;
  /** Fill the whole viewport (app start) instead of the page area. */
  fullScreen?: boolean;
};

/**
 * A calm loading state: it keeps the space the page will take (no layout jump) and only becomes
 * visible after a short delay, so fast loads show nothing at all.
 */
export function PageLoading({ label = "Loading…", fullScreen = false }: Props) {
  return (
    <div className={`page-loading${fullScreen ? " page-loading--full" : ""}`} role="status" aria-live="polite">
      <span className="page-loading__dots" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
      <span className="page-loading__label">{label}</span>
    </div>
  );
}
