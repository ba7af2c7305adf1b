/** The training log of a dog: sessions, streaks, the AI training plan. */
export { TrainingScreen } from './training.js';
