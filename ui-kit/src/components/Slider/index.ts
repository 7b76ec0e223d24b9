export { Slider } from './Slider';
export type { SliderProps, SliderValueDisplay } from './Slider';
