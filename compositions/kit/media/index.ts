// Media and text components: images, logo reveal, quote, kinetic headline, lower third.
export {};
