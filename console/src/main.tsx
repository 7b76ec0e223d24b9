import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n'; // registers the console's strings before the first render
import { App } from './App';

const el = document.getElementById('root');
if (el) createRoot(el).render(<StrictMode><App /></StrictMode>);
