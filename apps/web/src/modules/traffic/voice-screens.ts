/** voiceCcRecord and voiceTaskManagement share one lazy chunk (decision 0130). */
export { CcRecordsScreen } from './CcRecordsScreen';
export { VoiceTasksScreen } from './VoiceTasksScreen';
