import styles from "./spinner.module.css";

/**
 * Work in progress, seen: decorative (aria-hidden), so the words beside it — in a role="status"
 * region — are what a screen reader announces.
 */
export function Spinner() {
  return <span className={styles.spinner} data-ui="spinner" aria-hidden="true" />;
}
