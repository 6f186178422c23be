// Moved to src/api, beside the client whose errors it reads.
export { errorText, isRefusal } from '@app/api/error-text';
