"""What the app needs from the machine: user folders and files, resources, translations, crash logs."""
