export { useT, type Translate } from "./CatalogProvider.tsx";
