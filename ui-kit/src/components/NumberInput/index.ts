export { NumberInput } from './NumberInput';
export type {
  NumberInputControls,
  NumberInputProps,
  NumberInputState,
  NumberInputStatus,
} from './NumberInput';
