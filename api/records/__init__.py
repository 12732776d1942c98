"""Record imports: Tenhou records (mjlog XML, tenhou.net/6 JSON) into mjref/1 riichi documents."""
