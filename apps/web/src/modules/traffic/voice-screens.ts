/** voiceCcRecord, voiceTaskManagement and vos-voice-account share one lazy chunk (decision 0130). */
export { CcRecordsScreen } from './CcRecordsScreen';
export { VoiceTasksScreen } from './VoiceTasksScreen';
export { VosAccountsScreen } from './VosAccountsScreen';
