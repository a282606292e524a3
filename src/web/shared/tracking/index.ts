export { readAttribution, storeAttribution } from "./attribution.ts";
