/** Relative traffic per UTC hour (the demo data and the traffic simulator): quiet at night, rising through the day, peaking in the evening. */
export const HOURLY_TRAFFIC = [
  0.3, 0.2, 0.12, 0.08, 0.07, 0.09, 0.16, 0.3, 0.45, 0.55, 0.6, 0.64, 0.68, 0.66, 0.62, 0.62, 0.66, 0.75,
  0.88, 0.97, 1, 0.95, 0.75, 0.5,
];
