import { useSyncExternalStore } from 'react';
import { useAppServices } from '../lib/app-context.ts';
import type { FrameUiState } from './frame-owner.ts';

/** The shell state the frame drives (modal, sidebar, status, About requests). */
export function useFrameUi(): FrameUiState {
  const { frame } = useAppServices();
  return useSyncExternalStore(frame.subscribeUi, frame.getUi, frame.getUi);
}
