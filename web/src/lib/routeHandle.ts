/** Route metadata: `title` (i18n key) becomes the headline and document title, `crumb` a breadcrumb. */
export interface RouteHandle {
  title?: string;
  crumb?: string;
  /** The crumb shows the name of the object of the path once the page knows it (lib/crumbs). */
  named?: boolean;
  /** The page uses the whole width beside the navigation (map and data views), not a column. */
  wide?: boolean;
}
