// The chart of the signed-in areas' statistics screens: an entry of its own, so a remote's first
// script never carries it; uPlot itself loads when a chart is first drawn.
export type { ChartColor, ChartScale, ChartSeries, DailyChartProps } from './components/daily-chart';
export { DailyChart } from './components/daily-chart';
