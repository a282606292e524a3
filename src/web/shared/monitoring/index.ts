export { monitoringConfig, type MonitoringConfig } from "./config.ts";
export { afterFirstPaint, setMonitoringUser, startMonitoring } from "./monitoring.ts";
