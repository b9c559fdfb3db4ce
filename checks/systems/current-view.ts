/** current_view: only the latest frame's detections; no memory (the memory_needed gate reads it). */
import { memorySystem } from './detections-memory.ts';

export const currentView = memorySystem('current_view', true, 'now_only');
