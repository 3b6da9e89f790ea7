/** Every user-facing text the spec fixes, in one place for server and web. */
export const VALIDATION = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  emailInvalidOnCreate: 'Enter a valid email',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 8 characters',
  passwordConfirmationRequired: 'Password confirmation is required',
  passwordsDoNotMatch: 'Passwords do not match',
  nameRequired: 'Name is required',
  warehousesRequired: 'At least one warehouse is required',
  emailTaken: 'The email has already been taken.',
  invalidCredentials: 'These credentials do not match our records.',
  warehouseInvalid: 'The selected warehouse is invalid.',
  failed: 'Validation failed. Please check your input.',
} as const;

/** Spec 1 §8: the error catalogue shown as notifications, and the server's own error texts. */
export const ERRORS = {
  sessionExpired: 'Your session has expired. Please login again.',
  forbiddenAction: 'You do not have permission to perform this action.',
  forbiddenPage: 'You do not have permission to access this page',
  validationFailed: 'Validation failed. Please check your input.',
  serverError: 'Server error. Please try again later.',
  genericRequest: 'An error occurred with the request.',
  network: 'Network error. Please check your connection.',
  readinessTimeout: 'Timeout waiting for readiness',
  fetchAccounts: 'Failed to fetch accounts',
  fetchWarehouses: 'Failed to fetch warehouses',
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
} as const;

export const SERVER_MESSAGES = {
  unauthenticated: 'Unauthenticated.',
  forbidden: 'This action is unauthorized.',
  notFound: 'Not found.',
  serverError: 'Server error',
  tooManyRequests: 'Too many attempts. Please try again later.',
  loggedOut: 'Logged out successfully.',
  passwordChangeRequired: 'Please change your password before continuing.',
  bodyTooLarge: 'The request body is too large.',
  unsupportedContentType: 'Unsupported content type.',
  invalidJson: 'The request body is not valid JSON.',
  /** Uploads (every multipart route): what the multipart parser refuses, in words instead of its own text. */
  uploadUnreadable: 'The upload could not be read. Send it as multipart/form-data with one file.',
  uploadTooManyFiles: 'Send one file per upload.',
  uploadTooManyFields: 'The upload has too many fields.',
  uploadFileTooLarge: 'The file is too large.',
} as const;

export const SUCCESS = {
  registration: 'Registration successful!',
} as const;
